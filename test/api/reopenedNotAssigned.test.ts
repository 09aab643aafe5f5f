/** A problem a Runs flag sends back to adjudication is adjudication work, not annotation work: auto-assignment leaves it alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAssignments } from '../../db/assignments';
import { CLI_ACTOR } from '../../db/events';
import { autoAssign } from '../../server/services/assignments';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { flagTask } from '../../server/services/runs/flag';
import { buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb } from '../support/db';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';
import { runLine, storeRun } from '../support/runFixture';

const ctx = tempDb();
let fixture: LegacyFixture;
let fresh: BuiltProblem;
const assigned = (p: BuiltProblem) => readAssignments(ctx.db, p.id).length;

beforeAll(async () => {
  await buildUser(ctx.db, { username: 'ann-a' });
  await buildUser(ctx.db, { username: 'ann-b' });
  fixture = buildLegacyFixture(ctx.db);
  importLegacyRelease(ctx.db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
  fresh = buildProblem(ctx.db);
  await storeRun(ctx.db, CLI_ACTOR, 'model-x', { release: 'legacy-v1' }, [runLine('task_20', fixture.problems.b.questionId, 1)]);
  flagTask(ctx.db, CLI_ACTOR, 'task_20', 'No run asks how long the sequence is');
});
afterAll(() => ctx.cleanup());

describe('auto-assignment after a Runs flag reopens a legacy problem', () => {
  it('gives the reopened problem no annotators, and says it was left to adjudication', () => {
    expect(autoAssign(ctx.db, CLI_ACTOR)).toEqual({ problems: 1, assignments: 2, skippedResolved: 1, skippedInAdjudication: 1 });
    expect(assigned(fixture.problems.b)).toBe(0);
    expect(assigned(fixture.problems.a)).toBe(0);
    expect(assigned(fresh)).toBe(2);
  });

  it('assign --auto --include-resolved assigns the resolved legacy problem but still not the reopened one', async () => {
    ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const res = await runCli(['assign', '--auto', '--include-resolved', '--db', ctx.file]);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('assigned 1 problem (2 new assignments)');
    expect(res.stdout).toContain('skipped 1 problem sent back to adjudication (a Runs flag or a reopen): it needs an adjudicator, not annotators');
    expect(assigned(fixture.problems.a)).toBe(2);
    expect(assigned(fixture.problems.b)).toBe(0);
  });
});
