import fs from 'node:fs';
import path from 'node:path';

/** A relative link or image in a Markdown file, with its line number. */
export interface DocLink {
  file: string;
  line: number;
  target: string;
}

/** GitHub's anchor for a heading: formatting dropped, lower case, punctuation removed, spaces → '-'. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The lines outside fenced code blocks: number, text, and text with inline code removed (links in code are not links). */
function proseLines(text: string): [number, string, string][] {
  const lines: [number, string, string][] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push([i + 1, line, line.replace(/`[^`]*`/g, '')]);
  });
  return lines;
}

/** Every anchor a file offers: its headings (numbered -1, -2 … when repeated, as GitHub does) and explicit ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, line, prose] of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) {
      const base = slug(heading[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of prose.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) if (m[1]) anchors.add(m[1]);
  }
  return anchors;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The relative targets of Markdown links and images and of HTML href/src attributes. */
export function linksOf(file: string, text: string): DocLink[] {
  const links: DocLink[] = [];
  for (const [line, , content] of proseLines(text)) {
    const targets = [
      ...[...content.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...content.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
    ];
    for (const target of targets) if (target && !EXTERNAL.test(target)) links.push({ file, line, target });
  }
  return links;
}

/** Why a link does not resolve, or null when it does: the file must exist, and an #anchor must be in it. */
export function brokenReason(link: DocLink, read: (file: string) => string | null = readIfFile): string | null {
  const [filePart = '', anchor] = link.target.split('#');
  const target = filePart === '' ? link.file : path.resolve(path.dirname(link.file), decodeURIComponent(filePart));
  const exists = filePart === '' || fs.existsSync(target);
  if (!exists) return `no such file: ${filePart}`;
  if (anchor === undefined || anchor === '') return null;
  const text = read(target);
  if (text === null || !target.endsWith('.md')) return `#${anchor} points into a file that is not Markdown`;
  return anchorsOf(text).has(decodeURIComponent(anchor)) ? null : `no heading or id "${anchor}" in ${path.basename(target)}`;
}

function readIfFile(file: string): string | null {
  return fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : null;
}

/** README.md and every Markdown file under docs/. */
export function docFiles(root: string): string[] {
  const files = [path.join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return files.sort();
}
