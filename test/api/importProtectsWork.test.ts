import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { importAnnotationsFile } from '../../server/services/annotationImport';
import { ImportError } from '../../server/services/lcbFile';
import { buildProblem, type BuiltProblem } from '../support/builders';
import { buildGold } from '../support/releaseBuilders';
import { tempDb, tempDir } from '../support/db';
import { lastEventOf, rowCount } from '../support/state';

// An import never changes an annotation an adjudication has used, and every
// change it makes keeps the points before and after in its event.
const ctx = tempDb();
const dir = tempDir('ccb-protect-');
let adjudicated: BuiltProblem;


// [60,77) "positive integers", [104,125) "geometric progression" of the sample base text.
const line = (questionId: string, annotator: string, question: string, deletions: [number, number] = [60, 77]) =>
  JSON.stringify({ question_id: questionId, annotator, points: [{ deletions: [deletions], question, answer: 'Positive integers.', type: 'Terminology' }] });

let n = 0;
function write(lines: string[]): string {
  const file = path.join(dir, `f${++n}.jsonl`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const questions = (questionId: string) =>
  all<{ question: string }>(
    ctx.db,
    `SELECT ap.question FROM annotation_points ap JOIN annotations a ON a.id = ap.annotation_id JOIN problems p ON p.id = a.problem_id WHERE p.question_id = ? ORDER BY a.user_id`,
    [questionId],
  ).map((r) => r.question);

beforeAll(async () => {
  adjudicated = buildProblem(ctx.db, { questionId: 'abc200_a' });
  buildProblem(ctx.db, { questionId: 'abc201_a' });
  await importAnnotationsFile(ctx.db, CLI_ACTOR, write([line('abc200_a', 'ann1', 'Which numbers?'), line('abc200_a', 'ann2', 'Which values?'), line('abc201_a', 'ann1', 'Which numbers?')]));
  buildGold(ctx.db, adjudicated.id, [{ deletions: [[60, 77]], question: 'Which numbers?', answer: 'Positive integers.' }]);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('import-annotations and adjudicated work', () => {
  it('refuses to change an annotation of a resolved problem, line-numbered, and imports nothing', async () => {
    const events = rowCount(ctx.db, 'events');
    const error = await importAnnotationsFile(ctx.db, CLI_ACTOR, write([line('abc201_a', 'ann1', 'Changed and fine?'), line('abc200_a', 'ann2', 'Which values, changed?')])).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ImportError);
    const issues = (error as ImportError).issues.map((i) => `line ${i.line}: ${i.field}: ${i.message}`);
    expect(issues).toEqual([expect.stringMatching(/^line 2: annotator: ann2's annotation of abc200_a is adjudicated; reopen it first/)]);
    expect(questions('abc200_a')).toEqual(['Which numbers?', 'Which values?']);
    expect(questions('abc201_a')).toEqual(['Which numbers?']); // all or nothing
    expect(rowCount(ctx.db, 'events')).toBe(events);
  });

  it('still accepts the same file again (nothing changes) for an adjudicated problem', async () => {
    const summary = await importAnnotationsFile(ctx.db, CLI_ACTOR, write([line('abc200_a', 'ann1', 'Which numbers?')]));
    expect(summary).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('stores the points before and after of every annotation it changes in its event', async () => {
    const summary = await importAnnotationsFile(ctx.db, CLI_ACTOR, write([line('abc201_a', 'ann1', 'Which numbers, now?', [104, 125]), line('abc201_a', 'ann3', 'New one?')]));
    expect(summary).toMatchObject({ updated: 1, created: 1 });
    const event = lastEventOf(ctx.db, 'annotation.import')!;
    const changes = (event.details as { changes: { questionId: string; annotator: string; before: unknown; after: unknown }[] }).changes;
    expect(changes).toEqual([
      {
        questionId: 'abc201_a',
        annotator: 'ann1',
        before: [{ deletions: [[60, 77]], repairs: [], question: 'Which numbers?', answer: 'Positive integers.', type: 'Terminology' }],
        after: [{ deletions: [[104, 125]], repairs: [], question: 'Which numbers, now?', answer: 'Positive integers.', type: 'Terminology' }],
      },
      { questionId: 'abc201_a', annotator: 'ann3', before: null, after: [{ deletions: [[60, 77]], repairs: [], question: 'New one?', answer: 'Positive integers.', type: 'Terminology' }] },
    ]);
  });
});
