import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLogin, userExists } from '../../db/users';
import { CLI_ACTOR } from '../../db/events';
import { importAnnotationsFile } from '../../server/services/annotationImport';
import { ImportError } from '../../server/services/lcbFile';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildAnnotation } from '../support/annotationBuilders';
import { annotationsOf, deleteAnnotationsOf, eventsOf, lastEventOf, rowCount, unassignAll } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-annimport-');
let problem: BuiltProblem;
let other: BuiltProblem;
let mara: BuiltUser;
let alice: BuiltUser;

// Offsets into the sample base text: [60,77) "positive integers", [104,125) "geometric progression".
const good = (annotator: string, questionId = problem.questionId) =>
  JSON.stringify({ question_id: questionId, annotator, points: [{ deletions: [[60, 77]], question: 'Which numbers?', answer: 'Positive integers.', type: 'Terminology' }] });

let fileCounter = 0;
function write(lines: string[]): string {
  const file = path.join(dir, `f${++fileCounter}.jsonl`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const counts = () => ({
  users: rowCount(ctx.db, 'users'),
  annotations: rowCount(ctx.db, 'annotations'),
  assignments: rowCount(ctx.db, 'assignments'),
  events: rowCount(ctx.db, 'events'),
});

async function importError(lines: string[]): Promise<string[]> {
  const before = counts();
  const error = await importAnnotationsFile(ctx.db, CLI_ACTOR, write(lines)).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImportError);
  expect(counts()).toEqual(before); // all or nothing
  return (error as ImportError).issues.map((i) => `line ${i.line}: ${i.field}: ${i.message}`);
}

beforeAll(async () => {
  problem = buildProblem(ctx.db, { questionId: 'abc100_a' });
  other = buildProblem(ctx.db, { questionId: 'abc101_b' });
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('import-annotations errors (nothing is imported)', () => {
  it('names the line and field of malformed lines', async () => {
    const issues = await importError([
      good('zed'),
      '{"question_id": "abc100_a", "annotator": "yan",',
      JSON.stringify({ question_id: problem.questionId, annotator: 'x y', points: [] }),
      JSON.stringify({ question_id: problem.questionId, annotator: 'wim', points: [{ deletions: [[60, 77]], question: 'q', answer: 'a', type: 'Colour' }] }),
    ]);
    expect(issues[0]).toMatch(/^line 2: : invalid JSON/);
    expect(issues[1]).toMatch(/^line 3: annotator: 2–32 letters/);
    expect(issues[2]).toMatch(/^line 4: points\[0\]\.type: must be one of: Terminology/);
    expect(userExists(ctx.db, 'zed')).toBe(false);
  });

  it('applies the editor’s submit validation with the offending point', async () => {
    const issues = await importError([
      good('zed'),
      JSON.stringify({ question_id: problem.questionId, annotator: 'yan', points: [{ deletions: [[60, 77], [70, 90]], question: 'q', answer: 'a', type: 'Units' }] }),
      JSON.stringify({ question_id: other.questionId, annotator: 'yan', points: [{ deletions: [[0, 9999]], question: '', answer: 'a', type: 'Units' }] }),
      JSON.stringify({ question_id: other.questionId, annotator: 'zed', points: [] }),
    ]);
    expect(issues).toContain('line 2: points[0].deletions[1]: overlaps points[0].deletions[0]; a character can be deleted by one point only');
    expect(issues).toContain('line 3: points[0].deletions[0]: range [0, 9999) must satisfy 0 ≤ start < end ≤ 354 (the base text length)');
    expect(issues).toContain('line 3: points[0].question: the key question is required');
    expect(issues).toContain('line 4: points: at least one point is required to submit');
  });

  it('rejects unknown problems, duplicate lines, non-annotators and a third annotator', async () => {
    const b = await buildUser(ctx.db, { username: 'bea' });
    assign(ctx.db, other.id, alice.id, 1);
    assign(ctx.db, other.id, b.id, 2);
    const issues = await importError([
      good('zed', 'abc999_z'),
      good('zed'),
      good('ZED'),
      good('mara'),
      good('carl', other.questionId),
    ]);
    expect(issues).toEqual([
      'line 1: question_id: there is no problem "abc999_z" (import the problems first)',
      'line 3: annotator: ZED already annotates abc100_a on line 2',
      'line 4: annotator: mara is a maintainer; only annotators can hold annotations',
      'line 5: annotator: abc101_b already has two annotators (alice, bea); carl would be a third',
    ]);
    unassignAll(ctx.db, other.id);
  });

  it('never overwrites an annotation made in the editor', async () => {
    buildAnnotation(ctx.db, other.id, alice.id, [], 'draft', 3);
    const issues = await importError([good('alice', other.questionId)]);
    expect(issues).toEqual(['line 1: annotator: alice already has an annotation of abc101_b from the editor (draft); it is not overwritten']);
    deleteAnnotationsOf(ctx.db, other.id);
  });

  it('exits non-zero on the CLI and prints every line-numbered error', async () => {
    const file = write([good('zed'), '[1, 2]', good('yan', 'abc999_z')]);
    const res = await runCli(['import-annotations', file, '--db', ctx.file]);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('line 2: (line): ');
    expect(res.stderr).toContain('line 3: question_id: there is no problem "abc999_z"');
    expect(res.stderr).toContain('error: nothing was imported (2 lines with errors)');
    expect(userExists(ctx.db, 'zed')).toBe(false);
  });
});

describe('import-annotations success', () => {
  it('creates unknown annotators with an unusable password, assignments and submitted annotations, with events', async () => {
    const summary = await importAnnotationsFile(ctx.db, CLI_ACTOR, write([good('alice'), good('zed')]));
    expect(summary).toEqual({ total: 2, created: 2, updated: 0, unchanged: 0, assignmentsCreated: 2, usersCreated: ['zed'] });
    const zed = findLogin(ctx.db, 'zed')!;
    expect(zed.active).toBe(1);
    expect(zed.role).toBe('annotator');
    expect(zed.password_hash).toMatch(/^scrypt\$/);
    const login = await (await import('supertest')).default(app).post('/api/auth/login').send({ username: 'zed', password: 'correct-horse-battery' });
    expect(login.status).toBe(401);
    const actions = eventsOf(ctx.db)
      .map((e) => e.action)
      .filter((a) => a === 'user.create' || a === 'annotation.import');
    expect(actions.slice(-2)).toEqual(['user.create', 'annotation.import']);
    const points = annotationsOf(ctx.db, problem.id).flatMap((a) => a.points.map((p) => ({ deletions: p.deletions, type: p.type, source: a.source, status: a.status })));
    expect(points).toEqual([
      { deletions: [[60, 77]], type: 'Terminology', source: 'import', status: 'submitted' },
      { deletions: [[60, 77]], type: 'Terminology', source: 'import', status: 'submitted' },
    ]);
  });

  it('updates an earlier import when the file changed', async () => {
    const changed = JSON.stringify({ question_id: problem.questionId, annotator: 'zed', points: [{ deletions: [[104, 125]], question: 'What kind?', answer: 'Geometric.', type: 'Behavior' }] });
    const summary = await importAnnotationsFile(ctx.db, CLI_ACTOR, write([good('alice'), changed]));
    expect(summary).toMatchObject({ created: 0, updated: 1, unchanged: 1, assignmentsCreated: 0, usersCreated: [] });
    const zed = annotationsOf(ctx.db, problem.id).find((a) => a.username === 'zed')!;
    expect({ version: zed.version, deletions: zed.points.map((p) => p.deletions) }).toEqual({ version: 2, deletions: [[[104, 125]]] });
  });
});

describe('POST /api/annotations/import', () => {
  const upload = (agent: Awaited<ReturnType<typeof loginAs>>, lines: string[]) =>
    agent.post('/api/annotations/import?name=pilot.jsonl').set('Content-Type', 'application/octet-stream').send(Buffer.from(lines.join('\n')));

  it('is for maintainers only', async () => {
    const annotator = await loginAs(app, alice);
    expect((await upload(annotator, [good('alice', other.questionId)])).status).toBe(403);
  });

  it('imports for a maintainer and reports line-numbered errors as 400', async () => {
    const maintainer = await loginAs(app, mara);
    const bad = await upload(maintainer, [good('alice', other.questionId), '{}']);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.message).toContain('line 2: question_id:');
    expect(bad.body.error.details.issues[0].path).toBe('line 2: question_id');
    const ok = await upload(maintainer, [good('alice', other.questionId)]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ total: 1, created: 1, assignmentsCreated: 1 });
    const event = lastEventOf(ctx.db, 'annotation.import')!;
    expect(event.actor).toBe('mara');
    expect(event.details).toMatchObject({ file: 'pilot.jsonl', created: 1 });
  });
});

describe('GET /api/agreement', () => {
  it('is for maintainers only and reports the imported pairs', async () => {
    const adjudicator = await buildUser(ctx.db, { role: 'adjudicator' });
    expect((await (await loginAs(app, alice)).get('/api/agreement')).status).toBe(403);
    expect((await (await loginAs(app, adjudicator)).get('/api/agreement')).status).toBe(403);
    const res = await (await loginAs(app, mara)).get('/api/agreement');
    expect(res.status).toBe(200);
    // abc100_a: alice and zed, both submitted imports.
    expect(res.body.problems).toBe(1);
    expect(res.body.pairs[0].annotators).toEqual(['alice', 'zed']);
    expect(res.body.perProblem[0]).toMatchObject({ questionId: 'abc100_a', title: expect.any(String) });
  });
});
