// @vitest-environment node
// (esbuild refuses jsdom's TextEncoder.)
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * What /login loads before anything is typed: the entry with the chunks it imports, and the
 * sign-in page's chunk with its imports (as tests/bench/bundle.ts reads them from Vite's
 * manifest, here from an esbuild bundle of the same modules, which needs no `npm run build`).
 * The data layer (sync/index.ts: Dexie, zod, the sync engine) and the libraries of the forms
 * and the lists come later, through src/lib/data-layer.ts.
 */
const root = path.resolve(__dirname, '../../..');
const entry = 'src/app/main.tsx';
const later = [
  /node_modules\/dexie\//,
  /node_modules\/dexie-react-hooks\//,
  /node_modules\/zod\//,
  /node_modules\/ky\//,
  /node_modules\/react-hook-form\//,
  /node_modules\/@hookform\//,
  /node_modules\/minisearch\//,
  /^sync\/index\.ts$/,
  /^sync\/(db|engine|entities|queries|net)\//,
];

let meta: Metafile;

/** `output` and every chunk it imports statically, at any depth. */
function chunksWith(output: string, seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const imported of meta.outputs[output]!.imports)
    if (imported.kind === 'import-statement' && !imported.external) chunksWith(imported.path, seen);
  return seen;
}

/** The modules of `output` and of every chunk it imports statically. */
const inputsWith = (output: string) =>
  new Set([...chunksWith(output)].flatMap((chunk) => Object.keys(meta.outputs[chunk]!.inputs)));

beforeAll(async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    metafile: true,
    jsx: 'automatic',
    logLevel: 'silent',
    // Stylesheets do not change what the scripts import.
    plugins: [
      { name: 'no-css', setup: (b) => b.onResolve({ filter: /\.css$/ }, (a) => ({ path: a.path, external: true })) },
    ],
  });
  meta = result.metafile;
}, 60_000);

describe('/login first load (what it parses before the form is used)', () => {
  it('holds neither Dexie, zod, ky, react-hook-form, MiniSearch nor the sync engine', () => {
    const entryOutput = Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === entry)!;
    // The sign-in page is a chunk of its own, loaded by the router: esbuild names it as a dynamic entry.
    const loginOutput = Object.keys(meta.outputs).find((o) =>
      Object.keys(meta.outputs[o]!.inputs).includes('src/features/auth/components/login-page.tsx'),
    )!;
    expect(entryOutput).toBeDefined();
    expect(loginOutput).toBeDefined();
    const firstLoad = new Set([...inputsWith(entryOutput), ...inputsWith(loginOutput)]);
    expect(firstLoad).toContain('src/features/auth/hooks/use-login.ts');
    expect(firstLoad).toContain('sync/shell.ts');
    const early = [...firstLoad].filter((input) => later.some((re) => re.test(input)));
    expect(early).toEqual([]);
  });

  it('reaches the data layer by a dynamic import from the first load (src/lib/data-layer.ts)', () => {
    const entryOutput = Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === entry)!;
    // The chunk whose module is sync/index.ts (its code may sit in a chunk the screens share).
    const dataLayer = Object.keys(meta.outputs).find((o) => meta.outputs[o]!.entryPoint === 'sync/index.ts');
    expect(dataLayer).toBeDefined();
    const dynamic = [...chunksWith(entryOutput)].flatMap((chunk) =>
      meta.outputs[chunk]!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
    );
    expect(dynamic).toContain(dataLayer);
  });
});
