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

/**
 * What the inline parser looks up, found once per text in one pass so that parsing stays linear
 * whatever the text (200,000 "[" took minutes when every "[" scanned to the end). Only where the
 * marks are is kept, in order, and looked up by binary search: arrays of one slot per character
 * (or per opener) cost more to fill than the parse itself. A "\\" skips the next character, as in every scan below.
 */
interface Scan {
  text: string;
  /** Each closed "[" (not escaped) → the "]" that closes it (nesting counted). */
  brackets: Map<number, number>;
  /** Each closed "(" → the ")" that closes it (nesting counted, no escapes). */
  parens: Map<number, number>;
  /** Where each emphasis marker starts (not escaped), and every "`" (escaped or not). */
  marks: Record<'*' | '_' | '**' | '__' | '`', number[]>;
}

const [BACKSLASH, STAR, UNDERSCORE, BACKTICK, OPEN_BRACKET, CLOSE_BRACKET, OPEN_PAREN, CLOSE_PAREN] = ['\\', '*', '_', '`', '[', ']', '(', ')'].map((c) => c.charCodeAt(0)) as number[];

/** The first index of the sorted list whose value is ≥ q (the list's length if none). */
function lowerBound(sorted: readonly number[], q: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first mark at or after `q`, or -1. */
function nextMark(sorted: readonly number[], q: number): number {
  const k = lowerBound(sorted, q);
  return k < sorted.length ? sorted[k]! : -1;
}

/**
 * A stack of positions in chunks of a few thousand: one array of a hundred thousand entries is
 * allocated outside the young generation and made every run of the parser pay for collecting it.
 */
class PositionStack {
  private readonly chunks: number[][] = [[]];

  push(i: number): void {
    let top = this.chunks.at(-1)!;
    if (top.length === 4096) this.chunks.push((top = []));
    top.push(i);
  }

  pop(): number | undefined {
    const top = this.chunks.at(-1)!;
    if (top.length === 0 && this.chunks.length > 1) this.chunks.pop();
    return this.chunks.at(-1)!.pop();
  }
}

function pair(pairs: Map<number, number>, stack: PositionStack, open: boolean, i: number): void {
  if (open) stack.push(i);
  else {
    const at = stack.pop();
    if (at !== undefined) pairs.set(at, i);
  }
}

// Char codes, not text[i]: indexing a string makes a one-character string each time.
function scanOf(text: string): Scan {
  const brackets = new Map<number, number>();
  const parens = new Map<number, number>();
  const marks: Scan['marks'] = { '*': [], _: [], '**': [], __: [], '`': [] };
  const bracketStack = new PositionStack();
  const parenStack = new PositionStack();
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN_PAREN || c === CLOSE_PAREN) pair(parens, parenStack, c === OPEN_PAREN, i);
    if (c === BACKTICK) marks['`'].push(i);
    if (escaped) {
      escaped = false;
      continue;
    }
    if (c === BACKSLASH) escaped = true;
    else if (c === OPEN_BRACKET || c === CLOSE_BRACKET) pair(brackets, bracketStack, c === OPEN_BRACKET, i);
    else if (c === STAR || c === UNDERSCORE) {
      const single = c === STAR ? '*' : '_';
      marks[single].push(i);
      if (text.charCodeAt(i + 1) === c) marks[c === STAR ? '**' : '__'].push(i);
    }
  }
  return { text, brackets, parens, marks };
}

/** `[label](target)` starting at `at` (the "["), within the text before `to`: the label's range, the target and where it ends. */
function bracketed(s: Scan, at: number, to: number): { labelEnd: number; target: string; end: number } | null {
  const i = s.brackets.get(at) ?? -1;
  if (i < 0 || i + 1 >= to || s.text[i + 1] !== '(') return null;
  // the target may hold balanced parentheses: "f(x)" in "[call](https://x.org/f(x))"
  const close = s.parens.get(i + 1) ?? -1;
  if (close < 0 || close >= to) return null;
  return { labelEnd: i, target: s.text.slice(i + 2, close).trim().split(/\s+/)[0] ?? '', end: close + 1 };
}

const WORD = /[\p{L}\p{N}]/u;
const ESCAPABLE = /[\\`*_[\]()#!|<>-]/;
/** Links inside links are not Markdown; past this depth a label is shown as text (and the stack stays small). */
const MAX_NESTING = 8;

function parseRange(s: Scan, from: number, to: number, base: LinkBase, depth: number): Inline[] {
  const { text } = s;
  const out: Inline[] = [];
  // Plain text is kept as slices of the source (a run of it, and the pieces before), never char by char.
  let pieces: string[] = [];
  let runStart = -1;
  const endRun = (at: number) => {
    if (runStart >= 0 && at > runStart) pieces.push(text.slice(runStart, at));
    runStart = -1;
  };
  const flush = (at: number) => {
    endRun(at);
    if (pieces.length > 0) out.push({ kind: 'text', text: pieces.join('') });
    pieces = [];
  };
  for (let i = from; i < to; ) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < to && ESCAPABLE.test(text[i + 1]!)) {
      endRun(i);
      pieces.push(text[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = nextMark(s.marks['`'], i + 1);
      if (end > i && end < to) {
        flush(i);
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((c === '!' && text[i + 1] === '[' && i + 1 < to) || c === '[') {
      const image = c === '!';
      const open = image ? i + 1 : i;
      const b = bracketed(s, open, to);
      if (b) {
        flush(i);
        const href = safeHref(b.target, base);
        const label = text.slice(open + 1, b.labelEnd);
        if (image) out.push({ kind: 'image', href, alt: label });
        else out.push({ kind: 'link', href, children: depth < MAX_NESTING ? parseRange(s, open + 1, b.labelEnd, base, depth + 1) : [{ kind: 'text', text: label }] });
        i = b.end;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const double = text[i + 1] === c && i + 1 < to;
      const marker = double ? (c === '*' ? '**' : '__') : c;
      // "_" inside a word (snake_case) is not emphasis
      const intraword = c === '_' && i > from && WORD.test(text[i - 1]!);
      const start = i + marker.length;
      const found = intraword || start > to ? -1 : nextMark(s.marks[marker], start);
      const end = found >= 0 && found + marker.length <= to ? found : -1;
      if (end > start) {
        flush(i);
        out.push({ kind: double ? 'strong' : 'em', children: parseRange(s, start, end, base, depth) });
        i = end + marker.length;
        continue;
      }
    }
    if (runStart < 0) runStart = i;
    i++;
  }
  flush(to);
  return out;
}

export function parseInline(text: string, base: LinkBase): Inline[] {
  return parseRange(scanOf(text), 0, text.length, base, 0);
}

const HEADING = /^(#{1,6})\s+(.*)$/;

/** A heading's text without its closing hashes ("## Title ##"), trimmed by hand: a regex for it backtracks quadratically on long lines. */
function headingText(raw: string): string {
  const text = raw.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return text.slice(0, end).trimEnd();
}
const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;
const FENCE = /^\s*```\s*([\w-]*)\s*$/;
const RULE_CELL = /^:?-+:?$/;
/** A table's rule line ("| --- | :-: |"): checked cell by cell, as a single regex backtracks quadratically on long runs of spaces. */
const isTableRule = (line: string): boolean => {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').every((cell) => RULE_CELL.test(cell.trim()));
};
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const startsBlock = (line: string, next: string | undefined): boolean =>
  HEADING.test(line) || LIST_ITEM.test(line) || FENCE.test(line) || RULE.test(line) || (line.trim().startsWith('|') && next !== undefined && isTableRule(next));

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
      blocks.push({ kind: 'heading', level: m[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(headingText(m[2]!), base) });
      i++;
    } else if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
    } else if (line.trim().startsWith('|') && lines[i + 1] !== undefined && isTableRule(lines[i + 1]!)) {
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
