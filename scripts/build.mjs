// The production build (docs/operations.md, "The production install"). Plain JavaScript, so that
// `npm start` and `npm run cli` (scripts/start.mjs, scripts/cli.mjs) can check the build with
// no TypeScript installed.
//
// - `buildServer`: server/, db/ and shared/ transpiled file by file into dist/ with the options of
//   tsconfig.build.json, each relative import given the `.js` Node's ESM loader requires (the
//   sources leave it out, as tsx and Vite allow); db/migrations/*.sql copied beside db/.
// - `buildClient`: the Vite build into client/dist (or CCB_CLIENT_DIR), as before.
// `node scripts/build.mjs` (`npm run build`) does both.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
/** Written last into dist/: the hash of the sources it was built from. */
export const SERVER_STAMP = '.build-stamp';

const SOURCE_DIRS = ['server', 'db', 'shared'];
const CONFIG_FILES = ['tsconfig.base.json', 'tsconfig.build.json', 'scripts/build.mjs'];
const require = createRequire(import.meta.url);

function walk(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(root, rel, out);
    else if (entry.isFile() && /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** The build's inputs (relative paths, sorted): the sources, the migrations and the build's own configuration. */
export function serverInputs(root = ROOT) {
  const files = [];
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(root, dir))) walk(root, dir, files);
  files.push(...CONFIG_FILES.filter((f) => fs.existsSync(path.join(root, f))));
  return files.sort();
}

/** SHA-256 over the names and contents of the inputs (content, not mtimes: a checkout changes mtimes). */
export function serverSourceHash(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of serverInputs(root)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** 'current', 'stale' (built from other sources) or 'missing'. A dist/ shipped without the sources is current. */
export function serverBuildState(root = ROOT) {
  if (!fs.existsSync(path.join(root, 'server'))) return fs.existsSync(path.join(root, 'dist', 'server')) ? 'current' : 'missing';
  const stamp = path.join(root, 'dist', SERVER_STAMP);
  if (!fs.existsSync(stamp)) return 'missing';
  return fs.readFileSync(stamp, 'utf8').trim() === serverSourceHash(root) ? 'current' : 'stale';
}

/** Whether a dev dependency is installed: none is after `npm prune --omit=dev`. */
export function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Before `npm start` or `npm run cli`: build the server when dist/ is missing or was made from
 * other sources and TypeScript is there to do it. Without TypeScript (a pruned production
 * install) a stale build runs with a warning, and a missing one is an error naming the fix.
 */
export async function ensureServerBuild(log, root = ROOT) {
  const state = serverBuildState(root);
  if (state === 'current') return;
  if (installed('typescript')) {
    log(state === 'missing' ? 'Building the server into dist/ (no build yet) …' : 'Rebuilding the server into dist/ (its sources changed) …');
    await buildServer(root);
    return;
  }
  if (state === 'missing') throw new Error('There is no server build in dist/ and no TypeScript to make one: run `npm run build` before `npm prune --omit=dev`.');
  console.error('warning: dist/ was built from other sources than these and cannot be rebuilt without the dev dependencies (npm ci && npm run build && npm prune --omit=dev); running it as it is.');
}

/** "./app" → "./app.js", "./routes" → "./routes/index.js"; package names stay as they are. */
function resolveSpecifier(file, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  const target = path.resolve(path.dirname(file), specifier);
  if (/\.(m?js|json)$/.test(specifier) && fs.existsSync(target)) return specifier;
  if (fs.existsSync(`${target}.ts`)) return `${specifier}.js`;
  if (fs.existsSync(path.join(target, 'index.ts'))) return `${specifier}/index.js`;
  throw new Error(`${path.relative(ROOT, file)}: cannot resolve the import "${specifier}"`);
}

/** A transformer run on the emitted JavaScript: every static import, re-export and import() of a literal. */
function withJsExtensions(ts, file) {
  return (context) => (sourceFile) => {
    const f = context.factory;
    const rewrite = (literal) => f.createStringLiteral(resolveSpecifier(file, literal.text));
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        return f.updateImportDeclaration(node, node.modifiers, node.importClause, rewrite(node.moduleSpecifier), node.attributes);
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        return f.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, rewrite(node.moduleSpecifier), node.attributes);
      }
      const [first, ...rest] = ts.isCallExpression(node) ? node.arguments : [];
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) {
        return f.updateCallExpression(node, node.expression, node.typeArguments, [rewrite(first), ...rest]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(sourceFile, visit);
  };
}

function compilerOptions(ts, root) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.build.json'), {}, host);
  if (!parsed) throw new Error('tsconfig.build.json cannot be read');
  return parsed.options;
}

/**
 * Transpile the server into a temporary folder, then put it in place of dist/ (the stamp is
 * written before the swap, so a half-written build is never current). Returns the file count.
 */
export async function buildServer(root = ROOT) {
  const ts = (await import('typescript')).default;
  const options = compilerOptions(ts, root);
  const hash = serverSourceHash(root);
  const tmp = path.join(root, `.dist-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  const sources = serverInputs(root).filter((f) => SOURCE_DIRS.some((d) => f.startsWith(`${d}/`)));
  try {
    for (const rel of sources) {
      const file = path.join(root, rel);
      const out = path.join(tmp, rel.endsWith('.ts') ? rel.replace(/\.ts$/, '.js') : rel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      if (rel.endsWith('.sql')) {
        fs.copyFileSync(file, out);
        continue;
      }
      const result = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
        compilerOptions: options,
        fileName: file,
        reportDiagnostics: true,
        transformers: { after: [withJsExtensions(ts, file)] },
      });
      const errors = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (errors.length > 0) throw new Error(`${rel}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, '\n')}`);
      fs.writeFileSync(out, result.outputText);
    }
    fs.writeFileSync(path.join(tmp, SERVER_STAMP), `${hash}\n`);
    fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    fs.renameSync(tmp, path.join(root, 'dist'));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return sources.length;
}

/** The Vite build (its own config writes the precompressed assets and the client's stamp). */
export function buildClient(root = ROOT, env = process.env) {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error('the client build failed');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const count = await buildServer();
    console.log(`Built the server and CLI into dist/ (${count} files).`);
    buildClient();
    console.log(`Built the client into ${process.env.CCB_CLIENT_DIR || 'client/dist'}.`);
  } catch (err) {
    console.error(`Build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
