import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server of `npm run dev` / `npm start` (API.md: PORT defaults to 3080). */
const apiServer = 'http://127.0.0.1:3080';
const proxy = {
  '/api': { target: apiServer, changeOrigin: false },
  '/oauth': { target: apiServer, changeOrigin: false },
  '/health': { target: apiServer, changeOrigin: false },
};

// @tanstack/react-virtual is left out: only the (lazy) conversation rows and message list use it.
const vendorModules =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|zod)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // The framework libraries change far less often than the app: their own chunk stays cached across
        // deploys. Listed by name so that later lazy-loaded libraries (markdown, KaTeX) stay out of it.
        codeSplitting: {
          groups: [{ name: 'vendor', test: vendorModules }],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
