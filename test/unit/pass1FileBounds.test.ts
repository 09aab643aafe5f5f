/** import-pass1's file check: a million bad entries cost no more than the issues it prints; a BOM is passed over. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PASS1_ISSUES, Pass1FileError, readEvalEntries } from '../../server/services/runs/pass1';
import { readTextFile } from '../../server/files/textFile';
import { tempDir } from '../support/db';

const dir = tempDir('ccb-pass1-bounds-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const refusal = (text: string): Pass1FileError => {
  try {
    readEvalEntries(text);
  } catch (err) {
    expect(err).toBeInstanceOf(Pass1FileError);
    return err as Pass1FileError;
  }
  throw new Error('the file was accepted');
};

describe('import-pass1 file check', () => {
  it('stops at the issues it prints on 1,000,000 empty entries, its peak memory well under 400 MB more', () => {
    const file = path.join(dir, 'empty.json');
    fs.writeFileSync(file, `[${Array.from({ length: 1_000_000 }, () => '{}').join(',')}]`);
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const err = refusal(readTextFile(file));
    const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
    expect(err.issues).toHaveLength(MAX_PASS1_ISSUES);
    expect(err.truncated).toBe(true);
    expect(err.issues[0]).toEqual({ entry: 1, field: 'question_id', message: expect.any(String) });
    expect(err.message).toMatch(/^Nothing was imported: entry 1: question_id: .* \(and more errors\)\.$/);
    expect(peakGrowth).toBeLessThan(400 * 1024 * 1024);
  });

  it('counts every issue of a file with fewer than it prints', () => {
    const err = refusal('[{"question_id": "a", "code_list": [], "graded_list": [], "pass@1": 2}]');
    expect(err.truncated).toBe(false);
    expect(err.issues).toEqual([{ entry: 1, field: 'pass@1', message: 'must be between 0 and 1' }]);
  });

  it('passes over a UTF-8 BOM, as the other importers do', () => {
    const file = path.join(dir, 'bom.json');
    const entry = { question_id: 'abc100_a', code_list: ['print(1)'], graded_list: [true], 'pass@1': 1 };
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify([entry]))]));
    expect(readEvalEntries(readTextFile(file))).toEqual([entry]);
  });
});
