import { TextDecoder } from 'node:util';
import type { z } from 'zod';
import { fieldPath } from '../../shared/schemas/fieldPath';
import { loneSurrogateIssue } from '../../shared/schemas/wellFormed';
import type { ImportIssue } from '../../shared/schemas/lcb';
import { MAX_LINE_BYTES, readLines } from './lineReader';
import { Pacer } from './eventLoopPacer';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// Text decoded from valid UTF-8 holds no surrogate of its own: only a \uD800–\uDFFF escape makes
// one, so a line without such an escape need not be walked for lone surrogates (and a line
// without any \u escape need not even be searched for one with the slower expression).
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** A decoder for JSONL lines: invalid UTF-8 throws, so it can be reported with its line number. */
export const jsonLineDecoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decode one line of a JSONL file (a byte-order mark is allowed before line 1) and parse its
 * JSON: the value (with the text it was parsed from), the line's issue, or null for a blank line. A string with a lone UTF-16
 * surrogate (a "\ud800" escape) is an issue too: it is not text.
 */
export function parseJsonLine(number: number, bytes: Buffer, decoder: TextDecoder): { json: unknown; text: string } | { issues: ImportIssue[] } | null {
  const raw = number === 1 && bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    return { issues: [{ line: number, field: '', message: 'invalid UTF-8' }] };
  }
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 160) : 'parse error';
    return { issues: [{ line: number, field: '', message: `invalid JSON (${reason})` }] };
  }
  const lone = text.includes('\\u') && SURROGATE_ESCAPE.test(text) ? loneSurrogateIssue(json) : null;
  if (lone) return { issues: [{ line: number, field: lone.path === '(root)' ? '' : lone.path, message: lone.message }] };
  return { json, text };
}

/** The issue of a line longer than the reader holds in memory. */
export function tooLongIssue(number: number, maxLineBytes: number): ImportIssue {
  return { line: number, field: '', message: `the line is longer than ${Math.round(maxLineBytes / 1024 / 1024)} MB, the most one record may take` };
}

/** A schema's complaints about one line, as `line N: field: message` issues; `whole` names the line itself. */
export function schemaIssues(number: number, error: z.ZodError, whole: string): ImportIssue[] {
  return error.issues.map((i) => ({ line: number, field: fieldPath(i.path) || whole, message: i.message }));
}

/**
 * The JSON values of a JSONL file's lines, with their numbers, in slices that let other requests
 * through; blank lines are skipped, and a line too long, not UTF-8 or not JSON is reported into
 * `issues` instead of yielded.
 */
export async function* jsonLinesOf(file: string, issues: { add(found: readonly ImportIssue[]): void }): AsyncGenerator<{ number: number; json: unknown }> {
  const pacer = new Pacer();
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file)) {
    await pacer.step();
    if (tooLong) {
      issues.add([tooLongIssue(number, MAX_LINE_BYTES)]);
      continue;
    }
    const line = parseJsonLine(number, bytes, decoder);
    if (line === null) continue;
    if ('issues' in line) issues.add(line.issues);
    else yield { number, json: line.json };
  }
}
