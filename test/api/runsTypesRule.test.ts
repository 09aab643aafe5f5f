import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import { runReleaseKept, runReleaseShas } from '../../db/runs';
import { CLI_ACTOR } from '../../db/events';
import { runsReport } from '../../server/services/runs/reports';
import { tempDb, tempDir } from '../support/db';
import { runLine, storeRun } from '../support/runFixture';

// A release whose key questions were typed by position before the upgrade is typed
// again, by identity, at the next run import over it (every run of that release then shows it).
describe('a release kept under the positional rule', () => {
  const ctx = tempDb();
  const dir = tempDir('ccb-types-rule-');
  const releaseFile = path.join(dir, 'release.jsonl');
  afterAll(() => {
    ctx.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const record = (taskId: string, keywords: string[], questions: string[]) =>
    JSON.stringify({ task_id: taskId, question_id: 'p1', keywords, modified_content: `text of ${taskId}`, qa_pairs: questions.map((q) => ({ question: q, answer: 'a' })) });

  it('is typed again at the next import, for the runs stored before it too', async () => {
    fs.writeFileSync(releaseFile, [record('t1', ['Units'], ['Which unit?']), record('t2', ['Terminology'], ['What is a frob?']), record('t3', ['Terminology', 'Units'], ['Which unit?', 'What is a frob?'])].join('\n') + '\n');
    await storeRun(ctx.db, CLI_ACTOR, 'first', { releaseFile }, [runLine('t3', 'p1', 2, ['Which unit?'], [1])]);
    const typed = () => runsReport(ctx.db).runs.find((r) => r.model === 'first')!.per_type;
    expect(typed()).toMatchObject({ Units: { key_questions: 1, hit_rate: 1 }, Terminology: { key_questions: 1, hit_rate: 0 } });
    // What the positional rule stored before migration 281: keywords[i] for the i-th question.
    const [sha256] = runReleaseShas(ctx.db);
    run(ctx.db, `UPDATE run_releases SET types_rule = 0`);
    run(ctx.db, `UPDATE run_release_tasks SET key_questions = ? WHERE task_id = 't3' AND release_sha256 = ?`, [
      JSON.stringify([{ question: 'Which unit?', answer: 'a', type: 'Terminology' }, { question: 'What is a frob?', answer: 'a', type: 'Units' }]),
      sha256,
    ]);
    expect(typed()).toMatchObject({ Terminology: { key_questions: 1, hit_rate: 1 } });
    await storeRun(ctx.db, CLI_ACTOR, 'second', { releaseFile }, [runLine('t3', 'p1', 2)]);
    expect(typed()).toMatchObject({ Units: { key_questions: 1, hit_rate: 1 }, Terminology: { key_questions: 1, hit_rate: 0 } });
    expect(runReleaseShas(ctx.db)).toEqual([sha256]);
    expect(runReleaseKept(ctx.db, sha256!)).toBe(true);
  });
});
