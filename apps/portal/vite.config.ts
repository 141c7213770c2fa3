import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server in development; PORTAL_API_TARGET points elsewhere (e.g. a second server).
const api = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/admin': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
