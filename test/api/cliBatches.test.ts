import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { buildProblem } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';

const dir = tempDir('ccb-cli-batches-');
const dbFile = path.join(dir, 'cli.sqlite');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  const db = openDatabase(dbFile);
  try {
    for (let i = 1; i <= 4; i++) buildProblem(db, { questionId: `cb_${i}`, difficulty: i % 2 ? 'easy' : 'hard' });
  } finally {
    db.close();
  }
});

const cli = (...args: string[]) => runCli([...args, '--db', dbFile]);

describe('batches create and list', () => {
  it('creates a batch by question ids and another by the Problems page filter', async () => {
    const byList = await cli('batches', 'create', 'week-1', '--problems', 'cb_1, cb_2', '--due', '2099-03-06', '--suggestions', 'always');
    expect(byList.stderr).toBe('');
    expect(byList.status).toBe(0);
    expect(byList.stdout).toMatch(/^created batch week-1 +due 2099-03-06: 2 problems — 2 waiting for annotations/);
    const byFilter = await cli('batches', 'create', 'easy-rest', '--filter', 'difficulty=easy&batch=none', '--due', '2099-03-13', '--json');
    expect(byFilter.status, byFilter.stderr).toBe(0);
    expect(JSON.parse(byFilter.stdout)).toMatchObject({ name: 'easy-rest', problems: 1, suggestionPolicy: null });
  });

  it('lists every batch as JSON: its problems and the counts per state', async () => {
    const res = await cli('batches', 'list', '--json');
    expect(res.status, res.stderr).toBe(0);
    const list = JSON.parse(res.stdout) as { name: string; questionIds: string[]; problems: number; states: Record<string, number>; annotations: Record<string, number>; suggestionPolicy: string | null }[];
    expect(list.map((b) => [b.name, b.questionIds, b.suggestionPolicy])).toEqual([
      ['week-1', ['cb_1', 'cb_2'], 'always'],
      ['easy-rest', ['cb_3'], null],
    ]);
    expect(list[0]).toMatchObject({ problems: 2, states: { waiting: 2, ready: 0, draft: 0, resolved: 0 }, annotations: { todo: 0, 'in-progress': 0, submitted: 0 } });
  });

  it('says clearly what is wrong: overlaps, a bad date, a bad filter, both or neither source', async () => {
    const overlap = await cli('batches', 'create', 'again', '--problems', 'cb_2,cb_4', '--due', '2099-03-20');
    expect(overlap.status).toBe(1);
    expect(overlap.stderr.trim()).toBe('error: problems: a problem is in at most one batch; 1 already is in another: cb_2 (in week-1).');
    const date = await cli('batches', 'create', 'again', '--problems', 'cb_4', '--due', '2099-02-30');
    expect(date.status).toBe(2);
    expect(date.stderr.trim()).toBe('error: --due: is not a day of the calendar');
    const filter = await cli('batches', 'create', 'again', '--filter', 'colour=red', '--due', '2099-03-20');
    expect(filter.status).toBe(2);
    expect(filter.stderr).toMatch(/^error: --filter: .*colour/);
    const neither = await cli('batches', 'create', 'again', '--due', '2099-03-20');
    expect(neither.stderr.trim()).toBe('error: --problems: give either --problems or --filter, not both');
    expect((await cli('batches', 'create', '--problems', 'cb_4', '--due', '2099-03-20')).stderr).toMatch(/^error: name the batch/);
    expect((await cli('batches', 'create', 'again', '--problems', 'cb_4', '--due', '2099-03-20', '--suggestions', 'often')).stderr).toMatch(/^error: --suggestions: /);
    const list = JSON.parse((await cli('batches', 'list', '--json')).stdout) as unknown[];
    expect(list).toHaveLength(2);
  });
});
