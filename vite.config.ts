import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pouchdbIndexeddbCancel } from './web/build/pouchdb-indexeddb-cancel.ts';
import { pouchdbIndexeddbJoin } from './web/build/pouchdb-indexeddb-join.ts';
import { uploadsCacheBound } from './web/build/uploads-cache-bound.ts';
import { precompress } from './web/build/precompress.ts';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    pouchdbIndexeddbCancel(),
    pouchdbIndexeddbJoin(),
    react(),
    VitePWA({
      // The member accepts an update: a new worker waits, so an open form is never dropped.
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon-180.png', 'images/defaults/*.svg'],
      manifest: {
        name: 'Fete',
        short_name: 'Fete',
        description: 'Fetes, carnival bands, festivals, food and faces across the Caribbean — even offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#7c2d92',
        background_color: '#fffaf3',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // Web Push (ADR 048): the push and notificationclick handlers, in a plain script of web/public.
        importScripts: ['/sw-push.js'],
        navigateFallback: '/index.html',
        // The API, the database, uploads and the sitemap are never answered by the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/db\//, /^\/uploads\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Upload names never change, so a cached image is never stale.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'fete-uploads',
              cacheableResponse: { statuses: [0, 200] },
              // Bounded by count without Workbox's expiration, which cost the worker's thread
              // an IndexedDB walk on every picture shown (web/build/uploads-cache-bound.ts).
              plugins: [uploadsCacheBound],
            },
          },
          {
            urlPattern: ({ url }) => /(^|\.)tile\.openstreetmap\.org$/.test(url.hostname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'fete-map-tiles',
              expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
    // Last: brotli and gzip copies of what the build and the service worker wrote (ADR 058).
    precompress(),
  ],
  // Served through the plugins in `npm run dev` too, so the adapter fix above applies there.
  optimizeDeps: { exclude: ['pouchdb-adapter-indexeddb'] },
  // The catalogue's pull worker (ADR 061): a module, with the adapter's fix and option above.
  worker: {
    format: 'es',
    plugins: () => [pouchdbIndexeddbCancel(), pouchdbIndexeddbJoin()],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    // The app chunk is one on purpose (below): 570 KB before compression, 155 KB on the wire.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (ADR 059): split by sharing, it
        // was some 40 files of a few KB, each a request, and the first screen waited for the last.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `npm run dev` serves the UI with hot reload; the API, database and uploads come from `npm start`.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/db': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
});
