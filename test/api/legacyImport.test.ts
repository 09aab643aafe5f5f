import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { findAdjudication, insertAdjudication } from '../../db/adjudications';
import { readGoldPoints } from '../../db/points';
import { keptTasksInOrder } from '../../db/releaseTasks';
import { readReleaseFile, readReleaseRow } from '../../db/releases';
import { readExclusionReasons, readOverrides } from '../../db/taskRows';
import { CLI_ACTOR } from '../../db/events';
import type { ReleaseRecord } from '../../shared/release/format';
import { generateTasks, type TaskOverride } from '../../shared/tasks';
import { ImportError } from '../../server/services/lcbFile';
import { importLegacyRelease, type LegacyImportReport } from '../../server/services/releases/legacyImport';
import { loadReleaseTasks, toRecord } from '../../server/services/releases/tasks';
import { buildProblem } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { buildLegacyFixture, type LegacyFixture } from '../support/legacyFixture';
import { eventsOf, rowCount } from '../support/state';

let ctx: ReturnType<typeof tempDb>;
afterEach(() => ctx?.cleanup());

function setup(): { db: DB; fixture: LegacyFixture } {
  ctx = tempDb();
  return { db: ctx.db, fixture: buildLegacyFixture(ctx.db) };
}

const importText = (db: DB, text: string, name = 'legacy-v1') => importLegacyRelease(db, Buffer.from(text, 'utf8'), CLI_ACTOR, { name });

/** What generation gives for every kept task id, from the stored gold points, overrides and ids alone. */
function regenerate(db: DB): ReleaseRecord[] {
  return keptTasksInOrder(db).map((row) => {
    const overrides = readOverrides(db, row.problem_id).map(({ subset, text, questions, answers, keywords, qaOrder, kind }): TaskOverride => ({ subset, text, questions, answers, keywords, qaOrder, kind }));
    const task = generateTasks(row.base_text, readGoldPoints(db, row.problem_id), 'all-subsets', overrides).find((t) => t.key === row.subset)!;
    return { task_id: row.task_id, question_id: row.question_id, keywords: task.keywords, modified_content: task.text, qa_pairs: task.qa.map(({ question, answer }) => ({ question, answer })) };
  });
}

const tables = ['adjudications', 'gold_points', 'task_overrides', 'task_ids', 'task_exclusions', 'releases', 'release_files'] as const;
const counts = (db: DB) => Object.fromEntries(tables.map((t) => [t, rowCount(db, t)]));
const overrideOf = (db: DB, problemId: number, subset: string) => readOverrides(db, problemId).find((o) => o.subset === subset);

describe('import-release (legacy import)', () => {
  it('recovers points, keeps ids and positions, and stores exactly the overrides that reproduce every record', () => {
    const { db, fixture } = setup();
    const report = importText(db, fixture.jsonl);
    const imported = fixture.records.filter((r) => r.question_id !== fixture.missing);
    expect(regenerate(db)).toEqual(imported);
    expect(report.problems).toMatchObject({ total: 3, recovered: 2, notImported: [fixture.missing], unrecoverable: [] });
    expect(report.tasksWithoutProblem).toBe(1);
    expect(report.singlePoint).toEqual({ pure: 3, repaired: 1, rewrite: 1 });
    expect(report.exclusions).toEqual([{ questionId: 'leg100_a', subset: '1,2' }]);
    // Allowed in the release, flagged for the editor: A's ", p" → ". P" sits away from its deletion;
    // B's two points both delete the line break between their lines.
    expect(report.pointFindings.map((f) => [f.questionId, f.findings[0]!.replace(/:.*/, '')])).toEqual([
      ['leg100_a', 'points[1].repairs[0]'],
      ['leg100_b', 'points[1].deletions[0]'],
    ]);
    expect(readExclusionReasons(db).map(({ subset, reason }) => ({ subset, reason }))).toEqual([{ subset: '1,2', reason: 'not in the legacy release "legacy-v1"' }]);
    const positions = keptTasksInOrder(db);
    expect(positions.map((p) => `${p.task_id}@${p.position}:${p.subset}`)).toEqual([
      'task_10@1:0', 'task_11@2:1', 'task_12@3:2', 'task_13@4:0,1', 'task_14@5:0,2', 'task_15@6:0,1,2', 'task_20@7:0', 'task_21@8:1', 'task_22@9:0,1',
    ]);
  });

  it('reports each repaired task with its repairs at base-text positions, and each rewrite', () => {
    const { db, fixture } = setup();
    const report = importText(db, fixture.jsonl);
    const base = fixture.problems.a.baseText;
    const comma = base.indexOf(', print Yes');
    const single = report.repaired.find((t) => t.taskId === 'task_11')!;
    expect(single.repairs).toEqual([
      { start: comma, end: comma + 1, before: ',', after: '.' },
      { start: comma + 2, end: comma + 3, before: 'p', after: 'P' },
    ]);
    const geometric = base.indexOf('a geometric progression.');
    expect(report.rewrites.map((t) => t.taskId)).toEqual(['task_12', 'task_14', 'task_15']);
    expect(report.rewrites[0]!.repairs).toEqual([{ start: geometric + 2, end: geometric + 2 + 'geometric progression'.length, before: 'geometric progression', after: 'nice sequence' }]);
  });

  it('stores a resolved legacy adjudication whose points the editor views can show', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const adjudication = findAdjudication(db, fixture.problems.a.id);
    expect(adjudication).toMatchObject({ status: 'resolved', source: 'legacy' });
    expect(adjudication!.notes).toContain('task_12');
    const gold = readGoldPoints(db, fixture.problems.a.id);
    expect(gold.map((g, idx) => [idx, g.type, g.provenance, g.question])).toEqual([
      [0, 'Collection Semantics', 'legacy', 'Which integers may A hold?'],
      [1, 'Output Format', 'legacy', 'What exactly should be printed?'],
      [2, 'Terminology', 'legacy', 'What kind of progression?'],
    ]);
    const base = fixture.problems.a.baseText;
    const at = base.indexOf(' of positive integers');
    expect(gold[0]!.deletions).toEqual([[at, at + ' of positive integers'.length]]);
    // The rewritten point keeps a best-effort deletion of the replaced words; its override keeps the text.
    expect(gold[2]!.repairs).toEqual([]);
    const rewrite = overrideOf(db, fixture.problems.a.id, '2');
    expect({ kind: rewrite?.kind, text: rewrite?.text }).toEqual({ kind: 'rewrite', text: fixture.records[2]!.modified_content });
  });

  it('stores only the fields that differ: keywords out of point order, reordered and reworded questions', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const overrides = readOverrides(db, fixture.problems.a.id).map(({ subset, text, questions, answers, keywords, qaOrder, kind }) => ({ subset, text, questions, answers, keywords, qaOrder, kind }));
    const bySubset = Object.fromEntries(overrides.map((o) => [o.subset, o]));
    expect(bySubset['0']).toBeUndefined();
    expect(bySubset['1']).toBeUndefined();
    expect(bySubset['0,1']).toEqual({ subset: '0,1', text: null, questions: null, answers: null, keywords: ['Output Format', 'Collection Semantics'], qaOrder: null, kind: 'edit' });
    // Task 0,2 lists point 2's pair first: its questions are kept in point order, with the release's order beside them.
    expect(bySubset['0,2']!.questions).toEqual(['Which integers may A hold?', 'What sort of progression is meant?']);
    expect(bySubset['0,2']!.qaOrder).toEqual([1, 0]);
    expect(bySubset['0,2']!.kind).toBe('rewrite');
    expect(bySubset['0,2']!.text).toBe(fixture.records[4]!.modified_content);
    // B's two deletions overlap on a line break: the released pair deletes one more character than their union.
    const pairB = overrideOf(db, fixture.problems.b.id, '0,1');
    expect({ text: pairB?.text, kind: pairB?.kind }).toEqual({ text: fixture.records[8]!.modified_content, kind: 'edit' });
    expect(rowCount(db, 'task_overrides')).toBe(5);
  });

  it('types each key question by the point it was written for, whatever order the release lists them in', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const extended = loadReleaseTasks(db, 'all-subsets').tasks.map((t) => toRecord(t, 'legacy', true));
    const typesOf = (id: string) => extended.find((r) => r.task_id === id)!.qa_pairs.map((q) => [q.question, q.type]);
    // task_14 lists point 2's reworded pair (Terminology) before point 0's (Collection Semantics).
    expect(typesOf('task_14')).toEqual([
      ['What sort of progression is meant?', 'Terminology'],
      ['Which integers may A hold?', 'Collection Semantics'],
    ]);
    expect(typesOf('task_15').map(([, type]) => type)).toEqual(['Collection Semantics', 'Output Format', 'Terminology']);
  });

  it('stores the release file byte for byte as a legacy release with its manifest', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const release = readReleaseRow(db, 'legacy-v1')!;
    expect(release).toMatchObject({ kind: 'legacy', policy: 'legacy' });
    expect(release.manifest.counts).toMatchObject({ tasks: 10, problems: 3, k: { '1': 6, '2': 3, '3': 1 } });
    const file = readReleaseFile(db, release.id, 'ClarifyCodeBench.jsonl')!;
    expect(file.content.toString('utf8')).toBe(fixture.jsonl);
    expect(eventsOf(db, 'release.import').map((e) => ({ action: e.action, entity_id: e.entityId }))[0]).toEqual({ action: 'release.import', entity_id: 'legacy-v1' });
  });

  it('is idempotent: a second run changes nothing, and recovers problems imported in between', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const before = counts(db);
    const again = importText(db, fixture.jsonl);
    expect(again).toMatchObject({ releaseAlreadyStored: true, problems: { recovered: 0, alreadyImported: ['leg100_a', 'leg100_b'] } });
    expect(counts(db)).toEqual(before);
    buildProblem(db, { questionId: fixture.missing, statement: 'Some statement of a problem that is not imported, with more words.' });
    const third: LegacyImportReport = importText(db, fixture.jsonl);
    expect(third.problems).toMatchObject({ recovered: 1, notImported: [] });
    expect(rowCount(db, 'task_ids')).toBe(10);
    expect(regenerate(db)).toEqual(fixture.records);
  });

  it('refuses, writing nothing, when a problem already has adjudicated gold work', () => {
    const { db, fixture } = setup();
    insertAdjudication(db, fixture.problems.b.id, { status: 'draft', source: 'adjudication' });
    const before = counts(db);
    expect(() => importText(db, fixture.jsonl)).toThrow(/leg100_b already has an adjudicated gold version/);
    expect(counts(db)).toEqual(before);
  });

  it('refuses a different file under the name of a stored release', () => {
    const { db, fixture } = setup();
    importText(db, fixture.jsonl);
    const other = fixture.jsonl.replace('task_30', 'task_31');
    expect(() => importText(db, other)).toThrow(/A different release named "legacy-v1" already exists/);
  });

  it('rejects a broken file with line-numbered errors and imports nothing', () => {
    const { db, fixture } = setup();
    const lines = fixture.jsonl.trimEnd().split('\n');
    const tooMany = JSON.stringify({ ...fixture.records[5], task_id: 'task_99', qa_pairs: [...fixture.records[5]!.qa_pairs, { question: 'More?', answer: 'Yes.' }] });
    const broken = [lines[0], '{not json', tooMany, lines[0], ...lines.slice(1)].join('\n');
    const before = counts(db);
    let error: unknown;
    try {
      importText(db, broken);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ImportError);
    const issues = (error as ImportError).issues.map((i) => `line ${i.line}: ${i.field ? `${i.field}: ` : ''}${i.message}`);
    expect(issues[0]).toMatch(/^line 2: not valid JSON/);
    expect(issues[1]).toBe('line 3: qa_pairs: must hold 1 to 3 question-answer pairs (got 4)');
    expect(issues[2]).toBe('line 4: task_id: "task_10" is already the id of line 1');
    expect(counts(db)).toEqual(before);
  });
});

describe('import-release CLI', () => {
  it('prints the import report, and exits 1 with line-numbered errors on a broken file', async () => {
    const { db, fixture } = setup();
    const dir = tempDir('ccb-legacy-');
    const file = path.join(dir, 'Old-Release.jsonl');
    fs.writeFileSync(file, fixture.jsonl);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const ok = await runCli(['import-release', file, '--db', ctx.file]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('release "Old-Release": 10 tasks from 3 problems');
    expect(ok.stdout).toContain('single-point tasks: 3 pure deletions, 1 with small repairs, 1 rewrites');
    expect(ok.stdout).toContain('task_11 (leg100_a, points 1): [');
    expect(ok.stdout).toMatch(/task_12 \(leg100_a, points 2\): \[\d+, \d+\) "geometric progression" → "nice sequence"/);
    expect(ok.stdout).toContain('not imported (1 tasks kept in the release file only');
    fs.writeFileSync(file, `${fixture.jsonl}{"task_id": 5}\n`);
    const bad = await runCli(['import-release', file, '--name', 'other', '--db', ctx.file]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/line 11: /);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
