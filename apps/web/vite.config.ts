import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the server at /app/ (history navigation); the API lives at the server root, same origin.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
