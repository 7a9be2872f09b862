import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '3000';

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
        globIgnores: ['**/*.br', '**/*.gz'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
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
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
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
