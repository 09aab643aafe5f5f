import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { finishClientBuild } from './server/build/clientBuild.ts';

const outDir = process.env.CCB_CLIENT_DIR ?? path.resolve(import.meta.dirname, 'client', 'dist');

/** After the bundle is written: brotli and gzip copies of the assets, and the build stamp `npm start` checks. */
function finishBuild(): Plugin {
  return {
    name: 'ccb-finish-build',
    apply: 'build',
    async closeBundle() {
      await finishClientBuild(import.meta.dirname, outDir);
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  plugins: [react(), finishBuild()],
  build: {
    // Browser tests build into a temporary folder of their own (CCB_CLIENT_DIR).
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The draft machinery the annotation editor and the pilot's code editor share: one chunk, not three.
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'drafts', test: /client[\\/]src[\\/](drafts[\\/]|keyboardSelection|pages[\\/]annotator[\\/]editor[\\/]SaveIndicator)|shared[\\/]schemas[\\/]annotation\./ }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
