/**
 * The benchmark's `extract_code` (clarifycodebench/extract.py): the final code of a response.
 * The [CODE]…[/CODE] payload, or the first ```python (or unlabelled) fenced block, whichever
 * comes first; without either the whole text. A line containing `if __name__` is replaced by a
 * bare `main()` call and ends the code. "" only for empty input.
 */
import { pyStrip } from './pyText';

const CODE_TAG = /\[CODE\]([\s\S]*?)(?:\[\/CODE\]|$)/;
const CODE_FENCE = /```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n([\s\S]*?)(?:\n```|```|$)/g;
/** Python's str.splitlines() boundaries. */
const LINE_BREAK = new RegExp(`\r\n|[\n\r\v\f${String.fromCharCode(0x1c, 0x1d, 0x1e)}\x85\u2028\u2029]`);

function pySplitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split(LINE_BREAK);
  // splitlines() gives no empty last line for text that ends with a line break.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function firstPythonFence(text: string): RegExpExecArray | null {
  for (const m of text.matchAll(CODE_FENCE)) {
    const lang = pyStrip(m[1] ?? '').toLowerCase();
    if (lang === '' || lang === 'python' || lang === 'py') return m as RegExpExecArray;
  }
  return null;
}

export function extractCode(text: string): string {
  if (!text) return '';
  const tag = CODE_TAG.exec(text);
  const fence = firstPythonFence(text);
  let code: string;
  if (!tag && !fence) code = text;
  else if (tag && (!fence || tag.index <= fence.index)) code = pyStrip(tag[1]!);
  else code = pyStrip(fence![2] ?? '');
  const lines: string[] = [];
  for (const line of pySplitLines(code)) {
    if (line.includes('if __name__')) {
      lines.push('main()');
      break;
    }
    lines.push(line);
  }
  return pyStrip(lines.join('\n'));
}
