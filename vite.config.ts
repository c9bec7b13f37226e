/**
 * Vite config of the web client (stack-notes §4): root `client/`, served by Fastify under
 * `/caishui/`, built into `dist/client`. The dev server proxies the API to the local server.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/caishui/',
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Chakra's `defineConfig` returns its argument. Marked pure so that importing the theme
      // parts (client/src/app/theme.ts) does not keep Chakra's unused `defaultThemeConfig`, which
      // would pull every recipe into the login page's entry (issue 15).
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/caishui-api': { target: apiTarget, changeOrigin: true },
    },
  },
});
