import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { childImage, documentFile } from './read';

/**
 * GET /api/files/children/:name and /api/files/documents/:name: a child's photo or a
 * document's file or audio, only to a signed-in user who may see the record it belongs
 * to (files/document-access.ts). Anything else is 404, so file names reveal nothing.
 * Images are re-sniffed for the Content-Type; nosniff and no-store are set by the API's
 * middleware.
 */
export function registerFileRoutes(api: Hono<AppEnv>) {
  api.get('/files/children/:name', childImage);
  api.get('/files/documents/:name', documentFile);
}
