/**
 * The code a run record contributes to pass@1, exactly as the benchmark's prepare_pass1.py
 * takes it (`_final_code` in clarifycodebench/functional.py, `extract_code` in extract.py):
 * the strings must be byte-equal, so Python's regex, splitlines and strip semantics are kept.
 */
import { pyStrip } from './pyText';

// Python's `$` (no MULTILINE) matches at the end or just before a final "\n": (?=\n?$) here.
const CODE_TAG = /\[CODE\]([\s\S]*?)(?:\[\/CODE\]|(?=\n?$))/;
const CODE_FENCE = /```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n([\s\S]*?)(?:\n```|```|(?=\n?$))/g;
/** The line boundaries of Python's str.splitlines() (file, group and record separators included). */
const SEPARATORS = '\\x1c\\x1d\\x1e';
const PY_LINE_BREAK = new RegExp(`\\r\\n|[\\n\\r\\v\\f${SEPARATORS}\\x85\\u2028\\u2029]`);

/** The first fenced block labelled python, py or nothing (other languages are passed over). */
function firstPythonFence(text: string): RegExpExecArray | null {
  CODE_FENCE.lastIndex = 0;
  for (let m = CODE_FENCE.exec(text); m !== null; m = CODE_FENCE.exec(text)) {
    const lang = (m[1] ?? '').toLowerCase();
    if (lang === '' || lang === 'python' || lang === 'py') return m;
  }
  return null;
}

/**
 * extract_code: the [CODE] tag or the first python fence, whichever starts first (the whole text
 * when neither), cut at a line holding `if __name__` (replaced by a bare `main()`), stripped.
 */
export function extractCode(text: string): string {
  if (text === '') return '';
  const tag = CODE_TAG.exec(text);
  const fence = firstPythonFence(text);
  let code: string;
  if (!tag && !fence) code = text;
  else if (tag && (!fence || tag.index <= fence.index)) code = pyStrip(tag[1] ?? '');
  else code = pyStrip(fence![2] ?? '');
  const lines: string[] = [];
  // splitlines() has no trailing empty piece; the final strip removes it anyway.
  for (const line of code === '' ? [] : code.split(PY_LINE_BREAK)) {
    if (line.includes('if __name__')) {
      lines.push('main()');
      break;
    }
    lines.push(line);
  }
  return pyStrip(lines.join('\n'));
}

/** What `_final_code` reads of a run record. */
export interface FinalCodeSource {
  final_code?: string | null;
  response_contents?: readonly string[] | null;
  messages?: readonly { role: string; content: string }[] | null;
  response_history?: readonly unknown[] | null;
}

const assistantContent = (m: unknown): string | undefined => {
  if (typeof m !== 'object' || m === null || (m as { role?: unknown }).role !== 'assistant') return undefined;
  const content = (m as { content?: unknown }).content;
  return typeof content === 'string' ? content : '';
};

/**
 * `_final_code`: a non-empty final_code as it is; else extract_code of the last response; else of
 * the last assistant message (of messages, or of response_history when messages is empty); else "".
 */
export function finalCode(record: FinalCodeSource): string {
  if (record.final_code) return record.final_code;
  const contents = record.response_contents ?? [];
  if (contents.length > 0) return extractCode(contents[contents.length - 1]!);
  const messages: readonly unknown[] = record.messages?.length ? record.messages : (record.response_history ?? []);
  for (let i = messages.length - 1; i >= 0; i--) {
    const content = assistantContent(messages[i]);
    if (content !== undefined) return extractCode(content);
  }
  return '';
}
