import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { checkDeletionOnly } from '../../shared/edits';
import { importLcbFile } from '../../server/services/lcbImport';
import { tempDb, tempDir } from '../support/db';
import { runCli } from '../support/cli';
import { LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { rowCount } from '../support/state';

const ctx = tempDb();
afterAll(() => ctx.cleanup());

interface Row {
  question_id: string;
  base_text: string;
  statement: string;
  difficulty: string;
  platform: string;
  contest_date: string;
  private_tests_bytes: number;
}

const rows = () => all<Row>(ctx.db, 'SELECT * FROM problems ORDER BY import_order');

describe('importing lcb_v6_subset.jsonl', () => {
  it('imports 80 new problems, then reports 80 unchanged', async () => {
    const file = requireDataset(LCB_SUBSET);
    expect(await importLcbFile(ctx.db, file, CLI_ACTOR)).toEqual({ total: 80, inserted: 80, updated: 0, unchanged: 0 });
    expect(await importLcbFile(ctx.db, file, CLI_ACTOR)).toEqual({ total: 80, inserted: 0, updated: 0, unchanged: 80 });
    expect(rowCount(ctx.db, 'problems')).toBe(80);
  });

  it('matches the README: all AtCoder, 19 easy / 20 medium / 41 hard, dates 2025-01-12 to 2025-04-05, no hidden tests', () => {
    const problems = rows();
    expect(new Set(problems.map((p) => p.platform))).toEqual(new Set(['atcoder']));
    const byDifficulty = Object.fromEntries(['easy', 'medium', 'hard'].map((d) => [d, problems.filter((p) => p.difficulty === d).length]));
    expect(byDifficulty).toEqual({ easy: 19, medium: 20, hard: 41 });
    const dates = problems.map((p) => p.contest_date.slice(0, 10)).sort();
    expect([dates[0], dates.at(-1)]).toEqual(['2025-01-12', '2025-04-05']);
    expect(problems.every((p) => p.private_tests_bytes === 0)).toBe(true);
  });

  it('stores base texts with LF only, no blank lines, trimmed, ending before the examples, beside the original statement', () => {
    const problems = rows();
    expect(problems.some((p) => p.statement.includes('\r\n'))).toBe(true);
    for (const p of problems) {
      expect(p.base_text).not.toContain('\r');
      expect(p.base_text.split('\n').every((line) => line.trim() !== '' && line === line.trimEnd())).toBe(true);
      expect(p.base_text).not.toMatch(/Sample Input 1/);
      expect(p.statement).toContain('Sample Input 1');
    }
    const b = problems.find((p) => p.question_id === 'abc390_b')!;
    expect(b.base_text.endsWith('Constraints\n- 2 \\leq N \\leq 100\n- 1 \\leq A_i \\leq 10^9\n- All input values are integers.')).toBe(true);
  });

  it('stores base texts from which the 169 documented pure-deletion release tasks are derivable', () => {
    const base = new Map(rows().map((p) => [p.question_id, p.base_text]));
    const singles = fs
      .readFileSync(requireDataset(PUBLIC_RELEASE), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { question_id: string; modified_content: string; qa_pairs: unknown[] })
      .filter((t) => t.qa_pairs.length === 1);
    expect(singles).toHaveLength(199);
    const pure = singles.filter((t) => checkDeletionOnly(base.get(t.question_id)!, t.modified_content).ok);
    expect(pure.length).toBeGreaterThanOrEqual(169);
  });

  it('imports through the CLI too', async () => {
    const dir = tempDir('ccb-cli-ds-');
    try {
      const run = () => runCli(['import-lcb', LCB_SUBSET, '--db', path.join(dir, 'db.sqlite')]);
      const first = await run();
      expect(first.status).toBe(0);
      expect(first.stdout.trim()).toBe('imported 80 problems: 80 new, 0 updated, 0 unchanged');
      expect((await run()).stdout.trim()).toBe('imported 80 problems: 0 new, 0 updated, 80 unchanged');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
