import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [react()],
  build: {
    // Browser tests build into a temporary folder of their own (CCB_CLIENT_DIR).
    outDir: process.env.CCB_CLIENT_DIR ?? path.resolve(import.meta.dirname, 'client', 'dist'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
