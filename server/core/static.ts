import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { pickEncoding, varyOnEncoding, type Encoding } from './compress';

/*
 * Serves the built PWA. The shell files (index.html, the service worker, the manifest)
 * must be revalidated on every load so a new deploy is picked up; Vite's /assets/* are
 * content-hashed and can be cached for a year. Unknown paths fall back to index.html
 * so client-side routes survive a reload. The build leaves a brotli (.br) and a gzip (.gz)
 * copy beside each text file over 1 KB (vite.config.ts, precompress): the copy the browser
 * accepts is sent, with the file's own type and `Vary: Accept-Encoding`; the rest go through
 * the server's compression (core/compress.ts).
 */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function cacheControl(relative: string): string {
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

async function fileIn(root: string, relative: string): Promise<string | null> {
  const full = path.resolve(root, relative);
  // Never leave the static root (../ and encoded variants are resolved first).
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return (await stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
}

const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the build left a copy of beside `file`. */
async function precompressedCopies(file: string): Promise<Encoding[]> {
  const found = await Promise.all(
    (['br', 'gzip'] as const).map(async (encoding) => {
      try {
        return (await stat(file + suffix[encoding])).isFile() ? encoding : null;
      } catch {
        return null;
      }
    }),
  );
  return found.filter((encoding) => encoding !== null);
}

export function serveApp(staticDir: string) {
  const root = path.resolve(staticDir);
  return async (c: Context) => {
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname).replace(/^\/+/, '');
    } catch {
      return c.text('Bad Request', 400);
    }
    let file = relative ? await fileIn(root, relative) : null;
    let served = relative;
    if (!file) {
      // A missing hashed asset is a real 404: answering HTML there would poison caches.
      if (relative.startsWith('assets/')) return c.text('Not Found', 404);
      file = await fileIn(root, 'index.html');
      served = 'index.html';
    }
    if (!file) return c.text('The app is not built yet: run `npm run build`.', 404);
    const type = types[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers = new Headers({ 'Content-Type': type, 'Cache-Control': cacheControl(served) });
    const copies = await precompressedCopies(file);
    if (copies.length === 0) return c.body(await readFile(file), 200, Object.fromEntries(headers));
    varyOnEncoding(headers);
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), copies);
    if (encoding) headers.set('Content-Encoding', encoding);
    const body = await readFile(encoding ? file + suffix[encoding] : file);
    return c.body(body, 200, Object.fromEntries(headers));
  };
}
