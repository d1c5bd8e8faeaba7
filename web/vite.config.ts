import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * The plain scripts index.html loads before the bundle (public/early-requests.js, public/theme-init.js) are
 * emitted as hashed assets too (cached for a year, like the bundle) and index.html points at them: as plain
 * public files they were revalidated on every load, a round trip to a busy server that held up parsing
 * (272 ms in a trace). The unhashed copies stay for pages loaded before a deploy.
 */
function hashedHeadScripts(names: readonly string[]): Plugin {
  return {
    name: 'parley-hashed-head-scripts',
    apply: 'build',
    buildStart() {
      for (const name of names)
        this.emitFile({
          type: 'asset',
          name,
          source: readFileSync(new URL(`./public/${name}`, import.meta.url)),
        });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return names.reduce((page, name) => {
          const asset = Object.values(context.bundle ?? {}).find(
            (output) => output.type === 'asset' && output.names.includes(name),
          );
          if (!asset || !page.includes(`src="/${name}"`))
            throw new Error(`${name} was not emitted or linked`);
          return page.replace(`src="/${name}"`, `src="/${asset.fileName}"`);
        }, html);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), hashedHeadScripts(['early-requests.js', 'theme-init.js'])],
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
