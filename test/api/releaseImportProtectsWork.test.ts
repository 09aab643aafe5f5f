import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { get, run, type DB } from '../../db/database';
import { CLI_ACTOR } from '../../db/events';
import { ImportError } from '../../server/services/lcbFile';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';
import { eventsOf } from '../support/state';

// Import-release never resolves a problem that is waiting for adjudication
// (submitted annotations) or under adjudication, unless told to replace that work.
let ctx: ReturnType<typeof tempDb>;
afterEach(() => ctx?.cleanup());

const tables = ['adjudications', 'gold_points', 'task_overrides', 'task_ids', 'task_exclusions', 'releases', 'release_files', 'events'];
const counts = (db: DB) => Object.fromEntries(tables.map((t) => [t, get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ${t}`)!.n]));

async function setup(): Promise<{ db: DB; fixture: LegacyFixture }> {
  ctx = tempDb();
  const fixture = buildLegacyFixture(ctx.db);
  // leg100_b (lines 7–9 of the release) waits for adjudication: two submitted, disagreeing annotations.
  const [x, y] = [await buildUser(ctx.db), await buildUser(ctx.db)];
  assign(ctx.db, fixture.problems.b.id, x.id, 1);
  assign(ctx.db, fixture.problems.b.id, y.id, 2);
  buildAnnotation(ctx.db, fixture.problems.b.id, x.id, [{ deletions: [[60, 77]], question: 'Which?', answer: 'Positive.', type: 'Terminology' }]);
  buildAnnotation(ctx.db, fixture.problems.b.id, y.id, [{ deletions: [[104, 125]], question: 'What?', answer: 'Geometric.', type: 'Behavior' }]);
  return { db: ctx.db, fixture };
}

function importError(db: DB, jsonl: string): string[] {
  const before = counts(db);
  let error: unknown;
  try {
    importLegacyRelease(db, Buffer.from(jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1' });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ImportError);
  expect(counts(db)).toEqual(before);
  return (error as ImportError).issues.map((i) => `line ${i.line}: ${i.field}: ${i.message}`);
}

describe('import-release and work in progress', () => {
  it('refuses, line-numbered and importing nothing, a problem with submitted annotations', async () => {
    const { db, fixture } = await setup();
    expect(importError(db, fixture.jsonl)).toEqual([expect.stringMatching(/^line 7: question_id: leg100_b has 2 submitted annotations; .*--replace-work/)]);
    expect(get(db, 'SELECT 1 FROM adjudications WHERE problem_id = ?', [fixture.problems.b.id])).toBeUndefined();
  });

  it('refuses a problem whose adjudication is in progress', async () => {
    const { db, fixture } = await setup();
    run(db, "INSERT INTO adjudications (problem_id, status, version, source) VALUES (?, 'draft', 3, 'adjudication')", [fixture.problems.a.id]);
    expect(importError(db, fixture.jsonl)).toEqual([
      expect.stringMatching(/^line 1: question_id: leg100_a already has an adjudicated gold version \(draft\)/),
      expect.stringMatching(/^line 7: question_id: leg100_b has 2 submitted annotations/),
    ]);
  });

  it('replaces the work with --replace-work and records the replaced state in an event', async () => {
    const { db, fixture } = await setup();
    run(db, "INSERT INTO adjudications (problem_id, status, version, notes, source) VALUES (?, 'draft', 3, 'half done', 'adjudication')", [fixture.problems.b.id]);
    run(db, "INSERT INTO gold_points (problem_id, idx, deletions, question, answer, type, provenance) VALUES (?, 0, '[[60,77]]', 'Which?', 'Positive.', 'Terminology', 'A')", [fixture.problems.b.id]);
    const report = importLegacyRelease(db, Buffer.from(fixture.jsonl, 'utf8'), CLI_ACTOR, { name: 'legacy-v1', replaceWork: true });
    expect(report.problems.recovered).toBe(2);
    expect(report.problems.replaced).toEqual(['leg100_b']);
    expect(get(db, 'SELECT status, source FROM adjudications WHERE problem_id = ?', [fixture.problems.b.id])).toEqual({ status: 'resolved', source: 'legacy' });
    const events = eventsOf(db, 'release.import.replace');
    expect(events).toHaveLength(1);
    expect(events[0]!.entityId).toBe('leg100_b');
    const before = events[0]!.before as { adjudication: unknown; gold: { question: string }[]; submittedAnnotations: unknown[] };
    expect(before.adjudication).toMatchObject({ status: 'draft', version: 3, notes: 'half done', source: 'adjudication' });
    expect(before.gold.map((p) => p.question)).toEqual(['Which?']);
    expect(before.submittedAnnotations).toHaveLength(2);
    expect(events[0]!.after).toMatchObject({ adjudication: { status: 'resolved', source: 'legacy' } });
  });

  it('the CLI refuses with the line, and --replace-work imports', async () => {
    const { db, fixture } = await setup();
    const dir = tempDir('ccb-replace-');
    const file = path.join(dir, 'old.jsonl');
    fs.writeFileSync(file, fixture.jsonl);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const refused = await runCli(['import-release', file, '--db', ctx.file]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/line 7: question_id: leg100_b has 2 submitted annotations/);
    const replaced = await runCli(['import-release', file, '--replace-work', '--db', ctx.file]);
    expect(replaced.stderr).toBe('');
    expect(replaced.status).toBe(0);
    expect(replaced.stdout).toMatch(/replaced work on 1 problem: leg100_b/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
