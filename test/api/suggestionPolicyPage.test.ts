import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { createBatch } from '../../server/services/batches';
import { importSuggestionsFile } from '../../server/services/suggestions/import';
import { suggestionPolicyFor } from '../../server/services/suggestions/policy';
import { createBatchBody } from '../../shared/schemas/batches';
import type { SuggestionImportsView, SuggestionPolicyView } from '../../shared/suggestions/policyView';
import { buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-policy-page-');
let mara: BuiltUser;
let asMara: Agent;
let asAnna: Agent;
let loose: BuiltProblem;
let spring: BuiltProblem;
let autumn: BuiltProblem;

const policyView = async (): Promise<SuggestionPolicyView> => {
  const res = await asMara.get('/api/suggestion-policy');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SuggestionPolicyView;
};
const warned = (v: SuggestionPolicyView) => v.warnings.map((w) => [w.batch, w.policy, w.problems]);

function importFor(p: BuiltProblem, agent: string): Promise<unknown> {
  const at = p.baseText.indexOf('of positive integers');
  const line = { question_id: p.questionId, agent, points: [{ deletions: [[at, at + 'of positive integers'.length]], question: 'Which values?', answer: 'Positive integers.', type: 'Collection Semantics' }] };
  const file = path.join(dir, `${agent}.jsonl`);
  fs.writeFileSync(file, JSON.stringify(line) + '\n');
  return importSuggestionsFile(ctx.db, { id: mara.id, name: mara.username }, file, `${agent}.jsonl`);
}

beforeAll(async () => {
  mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  const anna = await buildUser(ctx.db, { role: 'annotator' });
  [asMara, asAnna] = await Promise.all([loginAs(app, mara), loginAs(app, anna)]);
  loose = buildProblem(ctx.db);
  spring = buildProblem(ctx.db);
  autumn = buildProblem(ctx.db);
  const actor = { id: mara.id, name: 'mara' };
  createBatch(ctx.db, actor, createBatchBody.parse({ name: 'spring', due: '2030-03-31', problems: [spring.questionId] }));
  createBatch(ctx.db, actor, createBatchBody.parse({ name: 'autumn', due: '2030-09-30', problems: [autumn.questionId] }));
});
afterAll(() => ctx.cleanup());

describe('the suggestion policy page', () => {
  it('shows the global policy and each batch’s, and warns of a policy that shows suggestions none of its problems has', async () => {
    const first = await policyView();
    expect(first.global).toEqual({ policy: 'off', coverage: { problems: 3, withSuggestions: 0 } });
    expect(first.batches.map((b) => [b.name, b.policy, b.effective, b.coverage.problems])).toEqual([
      ['spring', null, 'off', 1],
      ['autumn', null, 'off', 1],
    ]);
    expect(first.warnings).toEqual([]);

    const always = await asMara.put('/api/suggestion-policy').send({ policy: 'always' });
    expect(always.status).toBe(200);
    const v = always.body as SuggestionPolicyView;
    expect(v.global.policy).toBe('always');
    expect(warned(v)).toEqual([[null, 'always', 3]]);
    expect(v.warnings[0]!.message).toBe(
      'The global suggestion policy is always, but none of the 3 problems it covers has a suggestion: annotators are shown none. Import or generate suggestions for them, or set the policy to off.',
    );
    expect(v.batches.map((b) => b.effective)).toEqual(['always', 'always']);
  });

  it('sets a batch’s own policy (one event), which decides for its problems; null follows the global one again', async () => {
    const res = await asMara.put('/api/suggestion-policy/batches/autumn').send({ policy: 'after-draft' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body as SuggestionPolicyView;
    expect(v.batches.find((b) => b.name === 'autumn')).toMatchObject({ policy: 'after-draft', effective: 'after-draft' });
    expect(suggestionPolicyFor(ctx.db, autumn.questionId)).toBe('after-draft');
    expect(suggestionPolicyFor(ctx.db, spring.questionId)).toBe('always');
    expect(v.global.coverage.problems).toBe(2);
    expect(warned(v)).toEqual([
      [null, 'always', 2],
      ['autumn', 'after-draft', 1],
    ]);
    expect(all(ctx.db, "SELECT actor, entity_id, before, after FROM events WHERE action = 'batch.update'")).toEqual([
      { actor: 'mara', entity_id: 'autumn', before: JSON.stringify({ suggestionPolicy: null }), after: JSON.stringify({ suggestionPolicy: 'after-draft' }) },
    ]);
  });

  it('drops the warning once a problem the policy covers has a suggestion on its current text', async () => {
    await importFor(loose, 'model-a');
    let v = await policyView();
    expect(v.global.coverage).toEqual({ problems: 2, withSuggestions: 1 });
    expect(warned(v)).toEqual([['autumn', 'after-draft', 1]]);
    await asMara.put('/api/suggestion-policy/batches/autumn').send({ policy: null });
    v = await policyView();
    expect(v.batches.find((b) => b.name === 'autumn')).toMatchObject({ policy: null, effective: 'always' });
    expect(v.warnings).toEqual([]);
  });

  it('refuses a bad policy naming the field, an unknown batch, and everyone but maintainers', async () => {
    const bad = await asMara.put('/api/suggestion-policy').send({ policy: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^policy: must be one of: off, after-draft, always/);
    expect((await asMara.put('/api/suggestion-policy/batches/spring').send({})).status).toBe(400);
    const missing = await asMara.put('/api/suggestion-policy/batches/winter').send({ policy: 'off' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('There is no batch winter.');
    expect((await asAnna.get('/api/suggestion-policy')).status).toBe(403);
    expect((await asAnna.put('/api/suggestion-policy').send({ policy: 'off' })).status).toBe(403);
    expect((await asAnna.get('/api/suggestion-imports')).status).toBe(403);
  });
});

describe('the imported suggestions', () => {
  it('lists each import (when, by whom, the file, how many, which agents) and the suggestions stored per agent and source', async () => {
    await importFor(spring, 'model-b');
    const res = await asMara.get('/api/suggestion-imports');
    expect(res.status).toBe(200);
    const v = res.body as SuggestionImportsView;
    expect(v.imports.map(({ at, ...rest }) => (expect(at).toMatch(/^\d{4}-/), rest))).toEqual([
      { by: 'mara', file: 'model-b.jsonl', total: 1, created: 1, replaced: 0, agents: ['model-b'] },
      { by: 'mara', file: 'model-a.jsonl', total: 1, created: 1, replaced: 0, agents: ['model-a'] },
    ]);
    expect(v.sources.map(({ latestAt: _latestAt, ...rest }) => rest)).toEqual([
      { agent: 'model-a', source: 'import', suggestions: 1, current: 1 },
      { agent: 'model-b', source: 'import', suggestions: 1, current: 1 },
    ]);
  });
});
