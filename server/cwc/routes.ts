import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { createCwc, deleteCwc, listCwc, updateCwc } from './cwc';

/** CWC produce and refer (spec part 1 sections 2, 3, 6, 7). */
export function registerCwcRoutes(api: Hono<AppEnv>) {
  api.get('/produce', listCwc('produce'));
  api.post('/produce_to_cwc', createCwc('produce'));
  api.post('/produce_to_cwc/:id', updateCwc('produce'));
  api.delete('/produce_to_cwc_delete/:id', deleteCwc('produce'));
  api.get('/refer', listCwc('refer'));
  api.post('/refer_to_cwc', createCwc('refer'));
  api.post('/refer_to_cwc/:id', updateCwc('refer'));
  api.delete('/refer_to_cwc_delete/:id', deleteCwc('refer'));
}
