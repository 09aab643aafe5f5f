import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProblemId } from '../../db/problems';
import { releaseNameExists } from '../../db/releases';
import { userExists } from '../../db/users';
import { CLI_ACTOR } from '../../db/events';
import { importAnnotationsFile } from '../../server/services/annotationImport';
import { ImportError } from '../../server/services/lcbFile';
import { importLcbFile } from '../../server/services/lcbImport';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { serializeRelease } from '../../shared/release/format';
import { assign, buildProblem, buildUser, type BuiltProblem } from '../support/builders';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { rowCount } from '../support/state';

// Lone UTF-16 surrogates (JSON "\ud800") are refused at every boundary —
// a field-named 400 from the API, a line-numbered error from every import — and never stored.
const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-surrogate-');
let problem: BuiltProblem;
const LONE = '\\ud800';

async function importIssues(run: () => Promise<unknown>): Promise<string[]> {
  const error = await run().then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as ImportError).issues.map((i) => `line ${i.line}: ${i.field}: ${i.message}`);
}

beforeAll(async () => {
  problem = buildProblem(ctx.db, { questionId: 'abc300_a' });
  const ann = await buildUser(ctx.db, { username: 'surr', role: 'annotator' });
  assign(ctx.db, problem.id, ann.id, 1);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('imports refuse lone surrogates with the line and field', () => {
  it('import-lcb', async () => {
    const good = JSON.stringify(lcbRecord({ question_id: 'surr001_a' }));
    const bad = JSON.stringify(lcbRecord({ question_id: 'surr002_a' })).replace('"Test Problem', `"Test ${LONE} Problem`);
    const file = writeJsonl([good, bad]);
    const issues = await importIssues(() => importLcbFile(ctx.db, file, CLI_ACTOR));
    expect(issues).toEqual([expect.stringMatching(/^line 2: question_title: .*lone UTF-16 surrogate/)]);
    expect(findProblemId(ctx.db, 'surr001_a')).toBeUndefined();
  });

  it('import-annotations', async () => {
    const file = path.join(dir, 'ann.jsonl');
    const line = `{"question_id": "abc300_a", "annotator": "newbie", "points": [{"deletions": [[60, 77]], "question": "Which?${LONE}", "answer": "Positive.", "type": "Terminology"}]}`;
    fs.writeFileSync(file, `${line}\n`);
    const issues = await importIssues(() => importAnnotationsFile(ctx.db, CLI_ACTOR, file));
    expect(issues).toEqual([expect.stringMatching(/^line 1: points\[0\]\.question: .*lone UTF-16 surrogate/)]);
    expect(userExists(ctx.db, 'newbie')).toBe(false);
  });

  it('import-release', async () => {
    const text = `${problem.baseText.replace(' of positive integers', '')}`;
    const ok = serializeRelease([{ task_id: 'task_1', question_id: 'abc300_a', keywords: ['Terminology'], modified_content: text, qa_pairs: [{ question: 'Which?', answer: 'Positive integers.' }] }]);
    const bad = ok.replace('"Which?"', `"Which?${LONE}"`).replace('task_1', 'task_2');
    const issues = await importIssues(async () => importLegacyRelease(ctx.db, Buffer.from(ok + bad, 'utf8'), CLI_ACTOR, { name: 'surr' }));
    expect(issues).toEqual([expect.stringMatching(/^line 2: : qa_pairs\[0\]\.question: .*lone UTF-16 surrogate/)]);
    expect(releaseNameExists(ctx.db, 'surr')).toBe(false);
  });
});

describe('the API refuses lone surrogates with a field-named 400', () => {
  it('in an annotation save, and stores nothing', async () => {
    const agent = await loginAs(app, { username: 'surr', password: 'correct-horse-battery' });
    const body = `{"version": 0, "points": [{"deletions": [[60, 77]], "question": "Which?${LONE}", "answer": "", "type": null}]}`;
    const res = await agent.put('/api/annotations/abc300_a').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toMatch(/^points\[0\]\.question: .*lone UTF-16 surrogate/);
    expect(rowCount(ctx.db, 'annotations')).toBe(0);
  });

  it('in any text field of any route, e.g. the login username', async () => {
    const res = await (await import('supertest')).default(app).post('/api/auth/login').set('Content-Type', 'application/json').send(`{"username": "a${LONE}b", "password": "whatever-long"}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^username: .*lone UTF-16 surrogate/);
  });
});
