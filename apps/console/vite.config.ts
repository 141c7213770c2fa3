import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

// The server serves the built console at /console/ (SPA fallback); in development Vite
// proxies the API, the upload/regions calls and the self-hosted TinyMCE to it.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/admin': { target: api, changeOrigin: false },
      '/tinymce': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
