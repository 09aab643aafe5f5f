import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAcknowledged } from '../../db/pointFindings';
import type { RuleAcknowledgement } from '../../shared/release/acknowledged';
import { buildAnnotation, spanOf } from '../support/annotationBuilders';
import { buildProblem, buildUser, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildGold } from '../support/releaseBuilders';

const ctx = tempDb();
const app = testApp(ctx.db);
let maintainer: BuiltUser;
const REASON = 'The deleted words are a constraint; the answer says what it means for the input.';

beforeAll(async () => {
  maintainer = await buildUser(ctx.db, { username: 'mona', role: 'maintainer' });
  const ann = await buildUser(ctx.db, { username: 'ann', role: 'annotator' });
  // Two problems whose gold answer shares no word with its deletion: one acknowledged on submit, one not.
  for (const [questionId, acknowledged] of [['ack100_a', true], ['ack101_a', false]] as const) {
    const problem = buildProblem(ctx.db, { questionId });
    const point = { deletions: [spanOf(problem.baseText, ' of positive integers')], question: 'May an element be zero?', answer: 'Never: each one is at least 1.', type: 'Collection Semantics' as const };
    const annotation = buildAnnotation(ctx.db, problem.id, ann.id, [point]);
    if (acknowledged) writeAcknowledged(ctx.db, annotation, [{ point: 0, rule: 'answer-not-from-deletion', reason: REASON }]);
    buildGold(ctx.db, problem.id, [point]);
  }
});
afterAll(() => ctx.cleanup());

describe('the release check and the findings acknowledged on submit', () => {
  it('counts, per rule, the findings acknowledged on submit (with their reasons) apart from those nobody acknowledged', async () => {
    const agent = await loginAs(app, maintainer);
    const res = await agent.post('/api/releases/preview').send({ name: 'v1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const warnings = (res.body.report.findings as { rule: string; task_id: string }[]).filter((f) => f.rule === 'answer-not-from-deletion');
    expect(warnings).toHaveLength(2);
    const row = (res.body.acknowledgement as RuleAcknowledgement[]).find((r) => r.rule === 'answer-not-from-deletion');
    expect(row).toMatchObject({ rule: 'answer-not-from-deletion', acknowledged: 1, unseen: 1, reasons: [{ annotator: 'ann', point: 0, reason: REASON }] });
    // The reason leads to the task it was given for: one of the two warnings.
    expect(warnings.map((f) => f.task_id)).toContain(row!.reasons[0]!.task_id);
  });
});
