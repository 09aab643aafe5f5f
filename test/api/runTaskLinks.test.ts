/** The drill-down links a hit turn to a key question only when the run file says which one it was. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { taskDetail } from '../../server/services/runs/reports';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { runFileText, runLine } from '../support/runFixture';

const ctx = tempDb();
const dir = tempDir('ccb-run-links-');
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const KEYS = ['Which kind of progression is meant?', 'May the elements be zero?'];

describe('hit turns in the task drill-down', () => {
  it('links a single hit to its key question; with two hits (hit_questions sorted, not by turn) links none', async () => {
    const task = (id: string, keys: string[]) => JSON.stringify({ task_id: id, question_id: 'abc1_a', keywords: keys.map(() => 'Behavior'), modified_content: 'x', qa_pairs: keys.map((question) => ({ question, answer: 'a' })) });
    fs.writeFileSync(path.join(dir, 'release.jsonl'), `${[task('task_1', [KEYS[1]!]), task('task_2', KEYS)].join('\n')}\n`);
    // task_2: the turn asking about zero came first, but the benchmark lists the hits sorted.
    const lines = [
      runLine('task_1', 'abc1_a', 1, ['Zero?'], [1], { hit_questions: [KEYS[1]] }),
      runLine('task_2', 'abc1_a', 2, ['Zero?', 'Which kind?'], [1, 1], { hit_questions: [...KEYS].sort() }),
    ];
    fs.writeFileSync(path.join(dir, 'run.jsonl'), runFileText(lines));
    const res = await runCli(['runs', 'import', path.join(dir, 'run.jsonl'), '--model', 'm', '--release-file', path.join(dir, 'release.jsonl'), '--db', ctx.file]);
    expect(res.status, res.stderr).toBe(0);
    const links = (taskId: string) => taskDetail(ctx.db, taskId).runs[0]!.messages.filter((m) => m.hit).map((m) => [m.turn, m.keyQuestion]);
    expect(links('task_1')).toEqual([[0, 0]]);
    expect(links('task_2')).toEqual([
      [0, null],
      [1, null],
    ]);
  });
});
