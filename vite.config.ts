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
  },
  server: {
    port: 5173,
    proxy: {
      '/caishui-api': { target: apiTarget, changeOrigin: true },
    },
  },
});
