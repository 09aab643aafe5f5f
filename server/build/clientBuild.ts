import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * What the client build is made from: its sources, the shared code it imports, the build
 * configuration and the locked dependency versions (and this file, which writes the build).
 */
const INPUT_DIRS = ['client', 'shared'];
const INPUT_FILES = ['vite.config.ts', 'package-lock.json', 'tsconfig.json', 'server/build/clientBuild.ts'];
const SKIP_DIRS = new Set(['dist', 'node_modules']);

/** A file in the build folder naming the inputs' hash; express.static never serves dotfiles. */
export const BUILD_STAMP = '.build-stamp';

function inputFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel);
      } else if (entry.isFile()) files.push(rel);
    }
  };
  for (const dir of INPUT_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  files.push(...INPUT_FILES.filter((f) => fs.existsSync(path.join(root, f))));
  return files.sort();
}

/** SHA-256 over the names and contents of every build input (content, not mtimes: a checkout changes mtimes). */
export function clientSourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The build in outDir was made from the sources as they are now. */
export function clientBuildIsCurrent(root: string, outDir: string): boolean {
  const stamp = path.join(outDir, BUILD_STAMP);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(outDir, 'index.html'))) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === clientSourceHash(root);
}

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Write name.br (brotli, best) and name.gz (gzip -9) beside every compressible asset in dir. */
export async function precompressAssets(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  const files = fs.readdirSync(dir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(path.join(dir, f)).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (f) => {
      const file = path.join(dir, f);
      const bytes = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

/** The last build step: precompressed assets, then the stamp (so a half-finished build is never "current"). */
export async function finishClientBuild(root: string, outDir: string): Promise<void> {
  await precompressAssets(path.join(outDir, 'assets'));
  fs.writeFileSync(path.join(outDir, BUILD_STAMP), `${clientSourceHash(root)}\n`);
}
