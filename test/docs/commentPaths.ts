/**
 * Paths that code comments mention, checked like the links of the Markdown docs: a comment that
 * names a file by its path sends the reader there, so the file must exist. A path is read
 * from the repository's root, or from the commenting file's folder when it starts with ./ or ../.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface CommentPath {
  file: string;
  line: number;
  target: string;
}

export const CODE_FOLDERS = ['server', 'client/src', 'shared', 'db', 'scripts', 'test'];
const CODE_FILE = /\.(ts|tsx|mjs|js|sql|css)$/;
const PATH = /(?<![\w/@.:"'-])(\.{1,2}\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|js|sql|md|json|css)\b/g;

/** The comment text of a line: after // or -- (outside a URL), or the whole line inside a block comment. */
export function commentOf(line: string, inBlock: boolean): string | null {
  const trimmed = line.trim();
  if (inBlock || trimmed.startsWith('/*') || trimmed.startsWith('*')) return line;
  const slashes = line.search(/(?<!:)\/\/(?!\/)/);
  if (slashes !== -1) return line.slice(slashes + 2);
  const dashes = trimmed.startsWith('--') ? line.indexOf('--') : -1;
  return dashes === -1 ? null : line.slice(dashes + 2);
}

/** Every repository path mentioned in the comments of a file's text. */
export function commentPaths(file: string, text: string): CommentPath[] {
  const found: CommentPath[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, i) => {
    const comment = commentOf(line, inBlock);
    if (line.includes('/*') && !line.includes('*/')) inBlock = true;
    else if (line.includes('*/')) inBlock = false;
    if (comment === null) return;
    for (const m of comment.replace(/https?:\/\/\S+/g, '').matchAll(PATH)) found.push({ file, line: i + 1, target: m[0] });
  });
  return found;
}

export function codeFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return ['node_modules', 'dist', 'tmp'].includes(e.name) ? [] : walk(full);
      return CODE_FILE.test(e.name) ? [full] : [];
    });
  // The configuration at the root (lint, build, test) is code a newcomer reads too.
  const rootFiles = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile() && CODE_FILE.test(e.name)).map((e) => path.join(root, e.name));
  return [...rootFiles, ...CODE_FOLDERS.flatMap((f) => walk(path.join(root, f)))];
}

/**
 * Whether a mentioned path exists. A path in the built server (dist/…/x.js) is built output, present
 * only after a build: it resolves when its source (…/x.ts) exists.
 */
export function resolves(root: string, ref: CommentPath): boolean {
  const base = ref.target.startsWith('.') ? path.dirname(ref.file) : root;
  const built = /^dist\/(.+)\.js$/.exec(ref.target);
  if (built) return fs.existsSync(path.resolve(root, `${built[1]}.ts`));
  return fs.existsSync(path.resolve(base, ref.target));
}
