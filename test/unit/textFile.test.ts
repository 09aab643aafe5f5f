import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile } from '../../server/files/textFile';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-textfile-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Write bytes, read them both ways. */
function both(name: string, bytes: Buffer): { fast: string; plain: string } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return { fast: readTextFile(file), plain: fs.readFileSync(file, 'utf8') };
}

describe('readTextFile', () => {
  it.each([
    ['ascii', Buffer.from('[{"question_id": "abc301_a", "code_list": ["print(1)\\n"]}]\n')],
    ['every ASCII byte', Buffer.from(Array.from({ length: 128 }, (_v, i) => i))],
    ['UTF-8 text', Buffer.from('{"t": "Größe ≤ 10⁹, 名前 🙂"}')],
    ['a UTF-8 byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[]')])],
    ['invalid UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x5d])],
    ['Latin-1 bytes that are not UTF-8', Buffer.from([0x22, 0xe9, 0x74, 0xe9, 0x22])],
    ['an empty file', Buffer.alloc(0)],
  ])('%s: the same string as readFileSync(…, "utf8")', (name, bytes) => {
    const { fast, plain } = both(`${name.replace(/\W+/g, '-')}.json`, bytes);
    expect(fast).toBe(plain);
  });

  it('a missing file is the same ENOENT error', () => {
    expect(() => readTextFile(path.join(dir, 'missing.json'))).toThrow(/ENOENT/);
  });
});
