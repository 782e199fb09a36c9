import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import packageJson from './package.json' with { type: 'json' };
import { STORAGE_KEY } from './sync/device/session-store';

const apiTarget = process.env.API_PROXY ?? 'http://localhost:8080';

/*
 * Vendor chunks: the big libraries the first load needs (React with the router, Dexie, zod)
 * change far less often than the app, so they sit in chunks of their own whose names
 * (content hashes) stay the same across releases, in the browser's and the service worker's
 * cache. The rest is split by Rollup along the lazy screens: charts, date pickers, CSV and
 * most of Mantine land in shared chunks only the screens that use them load. (Grouping those
 * by hand pulls what they import, Mantine's core, into the group, and so into the first load.)
 */
const vendorGroups: [chunk: string, packages: RegExp][] = [
  ['react', /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)$/],
  ['dexie', /^(dexie|dexie-react-hooks)$/],
  ['zod', /^zod$/],
];

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'))?.[1];

function vendorChunk(id: string): string | undefined {
  const name = packageOf(id);
  // Styles stay with the entry's stylesheet, in the order main.tsx imports them.
  if (!name || id.endsWith('.css')) return undefined;
  return vendorGroups.find(([, packages]) => packages.test(name))?.[0];
}

/** Text files under this size are not worth compressing (one network packet either way). */
const PRECOMPRESS_MIN_BYTES = 1024;
const precompressed = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

/*
 * Every text file of the build gets a brotli (.br, best quality: this runs once per build)
 * and a gzip (.gz) copy beside it; the server answers with the one the browser accepts
 * (server/core/static.ts). Runs after the service worker is written, so it is compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ashray:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files: string[] = [];
        const walk = async (dir: string): Promise<void> => {
          for (const entry of await readdir(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) await walk(full);
            else if (precompressed.test(entry.name) && (await stat(full)).size >= PRECOMPRESS_MIN_BYTES)
              files.push(full);
          }
        };
        await walk(outDir);
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/*
 * A signed-in start needs the data layer, the signed-in layout and (at '/' or '/dashboard', the
 * installed app's start_url) the dashboard, all lazy chunks the entry imports only once it has
 * run. A small script of its own, loaded async from index.html's head, asks for them as
 * modulepreload links when the browser-storage mirror says a session is saved (as main.tsx
 * does), so they arrive while the entry is still being parsed instead of after it: one wave,
 * not a waterfall. /login's first load for someone signed out is unchanged.
 */
const signedInModules = {
  always: ['sync/index.ts', 'src/app/layout/app-layout.tsx'],
  dashboard: ['src/features/dashboard/index.ts'],
};

function signedInPreload(): Plugin {
  let root = '';
  return {
    name: 'ashray:signed-in-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const closure = (names: string[], into = new Set<string>()) => {
        for (const name of names)
          if (!into.has(name)) {
            into.add(name);
            const chunk = bundle[name];
            if (chunk?.type === 'chunk') closure(chunk.imports, into);
          }
        return into;
      };
      const loaded = closure([entry.fileName]);
      const filesOf = (modules: string[]) => {
        const ids = modules.map((m) => path.resolve(root, m));
        const own = chunks.filter((chunk) => ids.some((id) => chunk.moduleIds.includes(id))).map((c) => c.fileName);
        if (own.length !== ids.length)
          throw new Error(`signed-in preload: no chunk holds one of ${modules.join(', ')}`);
        return [...closure(own)].filter((name) => !loaded.has(name) && name.endsWith('.js')).map((name) => `/${name}`);
      };
      const always = filesOf(signedInModules.always);
      const dashboard = filesOf(signedInModules.dashboard).filter((name) => !always.includes(name));
      const source = `(function () {
  try { if (localStorage.getItem(${JSON.stringify(STORAGE_KEY)}) === null) return; } catch (e) { return; }
  var files = ${JSON.stringify(always)};
  if (location.pathname === '/' || location.pathname === '/dashboard') files = files.concat(${JSON.stringify(dashboard)});
  files.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})();
`;
      const fileName = `assets/signed-in-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = String(html.source).replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sync',
      filename: 'worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Ashray Admin',
        short_name: 'Ashray',
        description: 'Case management for shelter centers for street and working children',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
    }),
    signedInPreload(),
    precompress(),
  ],
  server: { proxy: { '/api': apiTarget } },
  // Each access log entry names the app version that made it (sync/net/config.ts).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bundle report (npm run bundle-report) reads which chunks each entry needs from it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
