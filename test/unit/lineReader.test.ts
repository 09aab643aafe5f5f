import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { readLines } from '../../server/files/lineReader';
import { readLinesSync } from '../../server/files/lineReaderSync';
import { tooLongIssue } from '../../server/files/jsonLines';
import { tempDir } from '../support/db';

const dir = tempDir('ccb-lines-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function linesOf(content: string | Buffer, maxLineBytes?: number) {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}.jsonl`);
  fs.writeFileSync(file, content);
  const out: { number: number; text: string; tooLong: boolean }[] = [];
  for await (const l of readLines(file, undefined, maxLineBytes)) out.push({ number: l.number, text: l.bytes.toString('utf8'), tooLong: l.tooLong });
  return out;
}

describe('readLines', () => {
  it('splits on LF, drops a CR before it, and keeps a last line without LF', async () => {
    expect(await linesOf('a\r\nbb\n\nccc')).toEqual([
      { number: 1, text: 'a', tooLong: false },
      { number: 2, text: 'bb', tooLong: false },
      { number: 3, text: '', tooLong: false },
      { number: 4, text: 'ccc', tooLong: false },
    ]);
  });

  it('skips a line over the limit without holding it, and goes on with the next lines', async () => {
    const long = 'x'.repeat(3 * 1024 * 1024); // spans several 1 MB read chunks
    expect(await linesOf(`first\n${long}\nthird\n${long}`, 1024)).toEqual([
      { number: 1, text: 'first', tooLong: false },
      { number: 2, text: '', tooLong: true },
      { number: 3, text: 'third', tooLong: false },
      { number: 4, text: '', tooLong: true },
    ]);
  });

  it('reports an over-long line with its number', () => {
    expect(tooLongIssue(7, 256 * 1024 * 1024)).toEqual({ line: 7, field: '', message: 'the line is longer than 256 MB, the most one record may take' });
  });
});

describe('readLinesSync', () => {
  function syncLinesOf(content: string, maxLineBytes?: number) {
    const file = path.join(dir, `s${Math.random().toString(36).slice(2)}.jsonl`);
    fs.writeFileSync(file, content);
    const out: { number: number; text: string; tooLong: boolean }[] = [];
    // Each line is read before the next is asked for: its bytes are a view into the reused buffer.
    for (const l of readLinesSync(file, undefined, maxLineBytes)) out.push({ number: l.number, text: l.bytes.toString('utf8'), tooLong: l.tooLong });
    return out;
  }

  it('keeps lines that span its reused read buffer whole (the pending part is copied out)', () => {
    // Lines of 300 KB cross each 1 MB chunk boundary; each has its own filler so a mix-up shows.
    const lines = Array.from({ length: 12 }, (_v, i) => String.fromCharCode(97 + i).repeat(300 * 1024 + i));
    const got = syncLinesOf(`${lines.join('\n')}\n`);
    expect(got.map((l) => l.text)).toEqual(lines);
    expect(got.map((l) => l.number)).toEqual(lines.map((_l, i) => i + 1));
  });

  it('skips an over-long line that spans chunks, as the streaming reader does', () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    expect(syncLinesOf(`first\n${long}\nthird`, 1024)).toEqual([
      { number: 1, text: 'first', tooLong: false },
      { number: 2, text: '', tooLong: true },
      { number: 3, text: 'third', tooLong: false },
    ]);
  });
});
