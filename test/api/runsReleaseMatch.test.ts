import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import { ImportError } from '../../server/services/lcbFile';
import type { ReleaseRef } from '../../server/services/runs/importRun';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { runFileText, runLine, storeRun } from '../support/runFixture';
import { rowCount } from '../support/state';

// A run imported over the wrong release says, above its line errors, which
// stored release its task ids and texts do match.
const ctx = tempDb();
const app = testApp(ctx.db);
let mara: Agent;

const task = (taskId: string, qid: string, text: string) =>
  JSON.stringify({ task_id: taskId, question_id: qid, keywords: ['Terminology'], modified_content: text, qa_pairs: [{ question: `What about ${taskId}?`, answer: 'a' }] });
const release = (lines: string[]) => Buffer.from(lines.join('\n') + '\n', 'utf8');

/** A line of the run over v1's task: its prompt is the task's text. */
const onV1 = (taskId: string) => runLine(taskId, 'p1', 1, [], [], { prompt: `text of ${taskId} in v1` });

beforeAll(async () => {
  // Problems that are not imported: each release is stored as a file, which is all a run needs.
  importLegacyRelease(ctx.db, release([task('t1', 'p1', 'text of t1 in v1'), task('t2', 'p1', 'text of t2 in v1'), task('t3', 'p1', 'text of t3 in v1')]), CLI_ACTOR, { name: 'v1' });
  importLegacyRelease(ctx.db, release([task('t1', 'p1', 'text of t1 in v0'), task('t2', 'p1', 'text of t2 in v1')]), CLI_ACTOR, { name: 'v0' });
  importLegacyRelease(ctx.db, release([task('u1', 'q1', 'another task'), task('u2', 'q1', 'and another')]), CLI_ACTOR, { name: 'v2' });
  mara = await loginAs(app, await buildUser(ctx.db, { role: 'maintainer' }));
});
afterAll(() => ctx.cleanup());

const importError = async (ref: ReleaseRef, lines: unknown[]): Promise<ImportError> => {
  const err: unknown = await storeRun(ctx.db, CLI_ACTOR, 'model-x', ref, lines).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportError);
  return err as ImportError;
};

describe('importing a run over a release its tasks do not belong to', () => {
  const run = [onV1('t1'), onV1('t2'), onV1('t3')];

  it('says first which stored release its task ids and texts match, then the line errors', async () => {
    const err = await importError({ release: 'v2' }, run);
    expect(err.message).toMatch(/^This run's tasks match release v1 \(3 of 3 task ids and texts\), release v0 \(1 of 3\), not v2\. Nothing was imported: line 1: task_id: /);
    expect(err.issues.map((i) => i.line)).toEqual([1, 2, 3]);
    expect(rowCount(ctx.db, 'runs')).toBe(0);
  });

  it('says that none does when no stored release holds its tasks', async () => {
    const err = await importError({ release: 'v2' }, [runLine('z9', 'p9', 1)]);
    expect(err.message).toMatch(/^This run's tasks match no stored release \(none of its 1 task ids and texts is in one\)\. Nothing was imported: /);
  });

  it('adds nothing when the chosen release is the one its tasks match (the errors are about something else)', async () => {
    const err = await importError({ release: 'v1' }, [onV1('t1'), runLine('t2', 'p1', 2, [], [], { prompt: 'text of t2 in v1' })]);
    expect(err.message).toMatch(/^Nothing was imported: line 2: key_question_num: K = 2/);
  });

  it('names a release file it was imported over, and says nothing when the file is the release of its tasks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-match-'));
    try {
      const other = path.join(dir, 'other.jsonl');
      fs.writeFileSync(other, release([task('u1', 'q1', 'another task')]));
      expect((await importError({ releaseFile: other }, run)).message).toMatch(/^This run's tasks match release v1 \(3 of 3 task ids and texts\), release v0 \(1 of 3\), not other\.jsonl\. /);
      // Its own (unstored) release: the line errors only.
      const own = path.join(dir, 'own.jsonl');
      fs.writeFileSync(own, release([task('w1', 'p1', 'own text')]));
      expect((await importError({ releaseFile: own }, [runLine('w1', 'p1', 2)])).message).toMatch(/^Nothing was imported: line 1: key_question_num: /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the sentence at the top of the upload response', async () => {
    const res = await mara.post('/api/runs/import?model=model-y&release=v2').set('Content-Type', 'application/octet-stream').send(Buffer.from(runFileText(run)));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^This run's tasks match release v1 \(3 of 3 task ids and texts\)/);
    expect(res.body.error.details.issues).toHaveLength(3);
  });

  it('still imports the run over the release it matches', async () => {
    const summary = await storeRun(ctx.db, CLI_ACTOR, 'model-z', { release: 'v1' }, run);
    expect(summary.tasks).toBe(3);
  });
});
