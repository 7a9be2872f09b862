import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '3000';

/**
 * The page a unit's QR sticker opens (/s/<code>, issue 36, ADR 043): a second entry of its own, not
 * the app (src/web/public-unit/: plain DOM, no MUI, router or query cache; 70 kB gzip at most,
 * scripts/check-bundle.ts). The server answers /s/* with this built file.
 */
const PUBLIC_UNIT_HTML = 'public-unit.html';
/** Its scripts (the entry and each language's catalogue) sit apart, out of the app's precache. */
const PUBLIC_UNIT_ASSETS = 'assets/public-unit';
const isPublicUnitModule = (id: string | null | undefined) => !!id && /\/src\/web\/public-unit(\/|\.html)/.test(id);
/**
 * The page a job sheet's link opens (/j/<token>, issue 35 item 3, ADR 048): a third entry, built
 * like the QR page's (src/web/job-sheet/, with its stylesheet and DOM helpers; 70 kB gzip at most).
 */
const JOB_SHEET_HTML = 'job-sheet.html';
const JOB_SHEET_ASSETS = 'assets/job-sheet';
const isJobSheetModule = (id: string | null | undefined) => !!id && /\/src\/web\/job-sheet(\/|\.html)/.test(id);

/** `npm run dev`: /s/<code> opens the sticker's page, as the server answers it. */
function publicUnitInDev(): Plugin {
  return {
    name: 'aquadesk:public-unit-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/s/')) req.url = `/${PUBLIC_UNIT_HTML}`;
        if (req.url?.startsWith('/j/')) req.url = `/${JOB_SHEET_HTML}`;
        next();
      });
    },
  };
}

/**
 * vite-plugin-pwa writes a <link rel="manifest"> into every page it builds: the sticker's page is
 * no installable app (no manifest, no service worker), so its link is taken out again.
 */
function noManifestOnPublicUnit(): Plugin {
  return {
    name: 'aquadesk:public-unit-no-manifest',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.path.endsWith(`/${PUBLIC_UNIT_HTML}`) || ctx.path.endsWith(`/${JOB_SHEET_HTML}`)
          ? html.replace(/\s*<link rel="manifest"[^>]*>/g, '')
          : html,
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    // The installable app (issue 22, ADR 027): a Workbox service worker (generateSW) precaches the
    // app shell and every route's chunk, so the app opens with no network after one visit. The
    // registration is ours and lazy (app/pwa/), so the initial JavaScript does not grow.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'AquaDesk',
        short_name: 'AquaDesk',
        description: 'Service requests, approvals and field work for a water-filter business',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1976d2',
        background_color: '#f4f6f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every chunk (the routes, the languages' catalogues); not the pre-compressed
        // copies (the server picks those per request) nor the fonts (cached when first used).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Nor the QR sticker's page: a customer's phone never installs the app.
        globIgnores: [
          '**/*.br',
          '**/*.gz',
          PUBLIC_UNIT_HTML,
          `${PUBLIC_UNIT_ASSETS}/**`,
          // Nor a job sheet's page (ADR 048).
          JOB_SHEET_HTML,
          `${JOB_SHEET_ASSETS}/**`,
        ],
        navigateFallback: '/index.html',
        // /s/<code> is the sticker's own page (public-unit.html), never the app's shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/s\//, /^\/j\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/.+\.woff2?$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'aquadesk-fonts', expiration: { maxEntries: 40 } },
          },
        ],
      },
    }),
    noManifestOnPublicUnit(),
    publicUnitInDev(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        'public-unit': fileURLToPath(new URL(`./src/web/${PUBLIC_UNIT_HTML}`, import.meta.url)),
        'job-sheet': fileURLToPath(new URL(`./src/web/${JOB_SHEET_HTML}`, import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) =>
          isPublicUnitModule(chunk.facadeModuleId)
            ? `${PUBLIC_UNIT_ASSETS}/[name]-[hash].js`
            : isJobSheetModule(chunk.facadeModuleId)
              ? `${JOB_SHEET_ASSETS}/[name]-[hash].js`
              : 'assets/[name]-[hash].js',
        // The page's stylesheet beside its scripts (the fonts it shares with the app stay in assets/).
        assetFileNames: (asset) =>
          asset.names.some((n) => n.startsWith('public-unit') && n.endsWith('.css'))
            ? `${PUBLIC_UNIT_ASSETS}/[name]-[hash][extname]`
            : asset.names.some((n) => n.startsWith('job-sheet') && n.endsWith('.css'))
              ? `${JOB_SHEET_ASSETS}/[name]-[hash][extname]`
              : 'assets/[name]-[hash][extname]',
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isPublicUnitModule)
            ? `${PUBLIC_UNIT_ASSETS}/[name]-[hash].js`
            : chunk.moduleIds.length > 0 && chunk.moduleIds.every(isJobSheetModule)
              ? `${JOB_SHEET_ASSETS}/[name]-[hash].js`
              : 'assets/[name]-[hash].js',
        codeSplitting: {
          // The packages the first page loads, in one chunk (issue 36). Left to the automatic
          // split, they were cut into many small shared chunks by which lazy chunks also use them,
          // so a new lazy chunk (the unit page's chart, @mui/x-charts) re-cut them and grew the
          // initial JavaScript by 0.4 kB without adding a byte of code to it. One chunk: the first
          // load's layout no longer depends on the lazy chunks, and compresses better (199.9 →
          // 193.6 kB gzip, docs/performance.md). Only modules the entry imports statically are
          // captured (`$initial`), so nothing lazy moves into the first load.
          groups: [{ name: 'initial', test: /node_modules/, tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
