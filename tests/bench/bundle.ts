import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What the build (dist/, npm run build) makes the browser fetch: every chunk with its
 * size, and the first load of /login — the entry (index.html's script) with the chunks it
 * imports, the sign-in page's chunk with its imports, and their stylesheets. Read from the
 * Vite manifest (build.manifest in vite.config.ts).
 */

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};

export type BuiltFile = { file: string; bytes: number; gzip: number; brotli: number | null };

export type BundleReport = { firstLoad: BuiltFile[]; chunks: BuiltFile[] };

/** The module of the sign-in page's chunk (src/app/router.tsx loads it for /login). */
export const LOGIN_MODULE = 'src/features/auth/index.ts';

function measure(dist: string, file: string): BuiltFile {
  const full = path.join(dist, file);
  const body = readFileSync(full);
  return {
    file,
    bytes: body.length,
    // gzip at its default level, as Vite's build log and the browser's servers measure it.
    gzip: gzipSync(body).length,
    brotli: existsSync(`${full}.br`) ? statSync(`${full}.br`).size : null,
  };
}

export function bundleReport(dist = 'dist'): BundleReport {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest names no entry');
  if (!manifest[LOGIN_MODULE]) throw new Error(`the manifest has no chunk for ${LOGIN_MODULE}`);

  const files = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, seen);
  };
  const seen = new Set<string>();
  visit(entry, seen);
  visit(LOGIN_MODULE, seen);

  const all = new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
  const bySize = (a: BuiltFile, b: BuiltFile) => b.gzip - a.gzip;
  return {
    firstLoad: [...files].map((file) => measure(dist, file)).sort(bySize),
    chunks: [...all]
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => measure(dist, file))
      .sort(bySize),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const sum = (files: BuiltFile[], key: 'bytes' | 'gzip' | 'brotli') =>
  files.reduce((total, f) => total + (f[key] ?? 0), 0);
