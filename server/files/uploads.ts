import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFileLike, isImageFile, isWithinUploadLimit, messages, type FileLike } from '../../sync/contract';
import type { Issue } from '../validation';

/*
 * Uploads live under `${uploadsDir}/<folder>/<random>.<ext>`, outside the web root, and
 * are served only through the API's authorised file routes. The type is decided by the
 * bytes (magic numbers), never by the name or the MIME type the client claims, and the
 * stored extension is the one the bytes prove.
 */

export type UploadFolder = 'children';
export type ImageKind = 'jpg' | 'png';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (bytes.length >= PNG.length && starts(PNG)) return 'png';
  if (bytes.length >= JPEG.length && starts(JPEG)) return 'jpg';
  return null;
}

/** An image the schema accepted by name and size, with the bytes read and their kind. */
export type CheckedImage = { bytes: Uint8Array; kind: ImageKind };

/**
 * Reads an image field the contract's rules would accept (right extension, within 5 MB)
 * and checks its bytes. Returns the issue to add when the bytes are not jpg or png; files
 * the schema refuses anyway are left to the schema's own message.
 */
export async function readImage(field: string, value: unknown): Promise<{ image?: CheckedImage; issue?: Issue }> {
  if (!isFileLike(value) || !isImageFile(value) || !isWithinUploadLimit(value)) return {};
  const bytes = new Uint8Array(await (value as FileLike & Blob).arrayBuffer());
  const kind = sniffImage(bytes);
  return kind ? { image: { bytes, kind } } : { issue: { path: field, message: messages.imageType } };
}

const NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** The file's path, or null for any name we could not have written (no traversal). */
export function uploadPath(uploadsDir: string, folder: UploadFolder, name: string): string | null {
  return NAME.test(name) ? path.join(uploadsDir, folder, name) : null;
}

export async function storeUpload(uploadsDir: string, folder: UploadFolder, image: CheckedImage): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${image.kind}`;
  await mkdir(path.join(uploadsDir, folder), { recursive: true });
  await writeFile(path.join(uploadsDir, folder, name), image.bytes, { flag: 'wx' });
  return name;
}

/** Removes a stored file; a missing one is fine (already gone, or never written). */
export async function removeUpload(uploadsDir: string, folder: UploadFolder, name: string | null | undefined): Promise<void> {
  const file = name ? uploadPath(uploadsDir, folder, name) : null;
  if (file) await rm(file, { force: true });
}

export async function readUpload(uploadsDir: string, folder: UploadFolder, name: string): Promise<Uint8Array | null> {
  const file = uploadPath(uploadsDir, folder, name);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
