// Vite's client types: CSS and asset imports, import.meta.env, import.meta.hot.
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
