import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeBaseText } from '../../shared/baseText';
import { checkDeletionOnly } from '../../shared/edits';
import { LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';

interface LcbRecord {
  question_id: string;
  question_content: string;
}
interface ReleaseTask {
  task_id: string;
  question_id: string;
  modified_content: string;
  qa_pairs: unknown[];
}

const readJsonl = <T>(file: string): T[] =>
  fs.readFileSync(requireDataset(file), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);

const problems = new Map(readJsonl<LcbRecord>(LCB_SUBSET).map((r) => [r.question_id, r.question_content]));
const tasks = readJsonl<ReleaseTask>(PUBLIC_RELEASE);

describe('base text of real LiveCodeBench statements', () => {
  const statement = problems.get('abc390_b')!;
  const base = normalizeBaseText(statement);

  it('normalises abc390_b: LF only, no blank lines, no trailing spaces, examples removed', () => {
    expect(statement).toContain('\r\n');
    expect(base).not.toContain('\r');
    expect(base.split('\n').every((line) => line.trim() !== '' && line === line.trimEnd())).toBe(true);
    expect(base.startsWith('You are given a length-N sequence A=(A_1,A_2,\\ldots,A_N) of positive integers.\n')).toBe(true);
    expect(base.endsWith('- All input values are integers.')).toBe(true);
    expect(base).not.toContain('Sample Input 1');
  });

  it('derives the single-point release tasks of abc390_b by deletions only', () => {
    const singles = tasks.filter((t) => t.question_id === 'abc390_b' && t.qa_pairs.length === 1);
    expect(singles.length).toBeGreaterThan(0);
    for (const task of singles) expect(checkDeletionOnly(base, task.modified_content)).toEqual({ ok: true, offending: [] });
  });

  it('makes at least the 169 documented pure-deletion single-point tasks derivable across the release', () => {
    const singles = tasks.filter((t) => t.qa_pairs.length === 1);
    expect(singles).toHaveLength(199);
    const pure = singles.filter((t) => checkDeletionOnly(normalizeBaseText(problems.get(t.question_id)!), t.modified_content).ok);
    expect(pure.length).toBeGreaterThanOrEqual(169);
  });
});
