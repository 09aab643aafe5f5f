/**
 * A small Markdown subset, parsed to a tree that the renderer turns into React elements: no
 * HTML is ever produced as a string, raw HTML in the source stays text, and only http(s) links
 * (or, given a base, relative paths without "..") become links.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  /** href null: the target was not safe, so only the text is shown. */
  | { kind: 'link'; href: string | null; children: Inline[] }
  | { kind: 'image'; href: string | null; alt: string };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'rule' };

/** Where a relative link of the document points, e.g. the release's file folder; none: relative links stay text. */
export type LinkBase = string | null;

/** A link target that is safe to render: http(s) URLs, and relative paths under `base`. */
export function safeHref(raw: string, base: LinkBase): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): judge without them.
  const compact = [...raw].filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f).join('');
  if (/^https?:\/\/[^/]/i.test(compact)) {
    try {
      const url = new URL(compact);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }
  if (base === null || compact === '' || /^[a-z][a-z0-9+.-]*:/i.test(compact) || compact.startsWith('/') || compact.startsWith('\\') || compact.startsWith('#')) return null;
  const segments = compact.split(/[/\\]/);
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return null;
  return base + segments.map(encodeURIComponent).join('/');
}

function closing(text: string, from: number, marker: string): number {
  for (let i = from; i <= text.length - marker.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(marker, i)) return i;
  }
  return -1;
}

/** `[label](target)` starting at `at` (the "["): the label, the target and where it ends. */
function bracketed(text: string, at: number): { label: string; target: string; end: number } | null {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) {
      if (text[i + 1] !== '(') return null;
      // the target may hold balanced parentheses: "f(x)" in "[call](https://x.org/f(x))"
      let close = -1;
      for (let k = i + 2, open = 1; k < text.length; k++) {
        if (text[k] === '(') open++;
        else if (text[k] === ')' && --open === 0) {
          close = k;
          break;
        }
      }
      if (close < 0) return null;
      return { label: text.slice(at + 1, i), target: text.slice(i + 2, close).trim().split(/\s+/)[0] ?? '', end: close + 1 };
    }
  }
  return null;
}

const WORD = /[\p{L}\p{N}]/u;

export function parseInline(text: string, base: LinkBase): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]()#!|<>-]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((c === '!' && text[i + 1] === '[') || c === '[') {
      const image = c === '!';
      const b = bracketed(text, image ? i + 1 : i);
      if (b) {
        flush();
        const href = safeHref(b.target, base);
        out.push(image ? { kind: 'image', href, alt: b.label } : { kind: 'link', href, children: parseInline(b.label, base) });
        i = b.end;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const marker = text.startsWith(c + c, i) ? c + c : c;
      // "_" inside a word (snake_case) is not emphasis
      const intraword = c === '_' && i > 0 && WORD.test(text[i - 1]!);
      const end = intraword ? -1 : closing(text, i + marker.length, marker);
      if (end > i + marker.length) {
        flush();
        out.push({ kind: marker.length === 2 ? 'strong' : 'em', children: parseInline(text.slice(i + marker.length, end), base) });
        i = end + marker.length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;
const FENCE = /^\s*```\s*([\w-]*)\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const startsBlock = (line: string, next: string | undefined): boolean =>
  HEADING.test(line) || LIST_ITEM.test(line) || FENCE.test(line) || RULE.test(line) || (line.trim().startsWith('|') && next !== undefined && TABLE_RULE.test(next));

/** Parse a Markdown document (the subset above; anything else is a paragraph of text). */
export function parseMarkdown(source: string, base: LinkBase = null): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  // YAML front matter (a Hugging Face card's metadata) is shown as a code block.
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      blocks.push({ kind: 'code', lang: 'yaml', text: lines.slice(1, end).join('\n') });
      i = end + 1;
    }
  }
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (fence) {
      const end = lines.findIndex((l, k) => k > i && /^\s*```\s*$/.test(l));
      const stop = end < 0 ? lines.length : end;
      blocks.push({ kind: 'code', lang: fence[1] ?? '', text: lines.slice(i + 1, stop).join('\n') });
      i = stop + 1;
    } else if (HEADING.test(line)) {
      const m = HEADING.exec(line)!;
      blocks.push({ kind: 'heading', level: m[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(m[2]!, base) });
      i++;
    } else if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
    } else if (line.trim().startsWith('|') && lines[i + 1] !== undefined && TABLE_RULE.test(lines[i + 1]!)) {
      const header = cells(line).map((c) => parseInline(c, base));
      const rows: Inline[][][] = [];
      i += 2;
      for (; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(cells(lines[i]!).map((c) => parseInline(c, base)));
      blocks.push({ kind: 'table', header, rows });
    } else if (LIST_ITEM.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: Inline[][] = [];
      for (; i < lines.length && LIST_ITEM.test(lines[i]!); i++) items.push(parseInline(LIST_ITEM.exec(lines[i]!)![2]!, base));
      blocks.push({ kind: 'list', ordered, items });
    } else {
      const text: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== '' && (text.length === 0 || !startsBlock(lines[i]!, lines[i + 1])); i++) text.push(lines[i]!.trim());
      blocks.push({ kind: 'paragraph', children: parseInline(text.join(' '), base) });
    }
  }
  return blocks;
}
