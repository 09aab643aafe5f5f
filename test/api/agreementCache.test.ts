import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { insertAdjudication, setAdjudicationStatus } from '../../db/adjudications';
import { annotationStates, setAnnotationPointTypes, setAnnotationStatus } from '../../db/annotations';
import { appendEvent, SYSTEM_ACTOR } from '../../db/events';
import { insertGoldPoint, writeGoldPoints } from '../../db/points';
import { agreementReport, type AgreementView } from '../../server/services/agreement';
import { agreementDataVersion, cachedAgreementReport } from '../../server/services/agreementCache';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { unassignAll } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
let alice: BuiltUser;
let bob: BuiltUser;
let maintainer: Agent;
const problems: BuiltProblem[] = [];

/** Pairs of annotations (both submitted) on the first n problems. */
function annotate(from: number, to: number) {
  for (const p of problems.slice(from, to)) {
    buildAnnotation(ctx.db, p.id, alice.id, [{ deletions: [[0, 5]], type: 'Behavior' }]);
    buildAnnotation(ctx.db, p.id, bob.id, [{ deletions: [[0, 4]], type: 'Behavior' }]);
  }
}

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  bob = await buildUser(ctx.db, { username: 'bob', role: 'annotator' });
  maintainer = await loginAs(app, mara);
  for (let i = 0; i < 8; i++) {
    const p = buildProblem(ctx.db, { questionId: `ag${i}_a` });
    assign(ctx.db, p.id, alice.id, 1);
    assign(ctx.db, p.id, bob.id, 2);
    problems.push(p);
  }
  annotate(0, 5);
});
afterAll(() => ctx.cleanup());

describe('the agreement report cache', () => {
  const counting = () => {
    const calls = { n: 0 };
    const compute = (db: DB): AgreementView => {
      calls.n++;
      return agreementReport(db);
    };
    return { calls, compute };
  };

  it('computes once while nothing changes and again after any annotation, point, adjudication or assignment change', () => {
    const { calls, compute } = counting();
    const first = cachedAgreementReport(ctx.db, compute);
    const again = cachedAgreementReport(ctx.db, compute);
    expect(calls.n).toBe(1);
    expect(again).toBe(first);
    const changes: [string, () => unknown][] = [
      ['annotation status', () => setAnnotationStatus(ctx.db, problems[0]!.id, bob.id, 'draft')],
      ['annotation point', () => setAnnotationPointTypes(ctx.db, annotationStates(ctx.db)[0]!.id, 'Units')],
      ['new annotation', () => buildAnnotation(ctx.db, problems[6]!.id, alice.id, [{ deletions: [[1, 3]] }])],
      ['adjudication', () => insertAdjudication(ctx.db, problems[1]!.id, { status: 'resolved' })],
      ['gold point', () => insertGoldPoint(ctx.db, problems[1]!.id, 0, { deletions: [[0, 5]], provenance: 'A' })],
      ['adjudication reopened', () => setAdjudicationStatus(ctx.db, problems[1]!.id, 'draft')],
      ['gold point removed', () => writeGoldPoints(ctx.db, problems[1]!.id, [])],
      ['assignment slots', () => unassignAll(ctx.db, problems[7]!.id)],
    ];
    for (const [what, change] of changes) {
      const before = calls.n;
      const version = agreementDataVersion(ctx.db);
      change();
      expect(agreementDataVersion(ctx.db), what).toBeGreaterThan(version);
      cachedAgreementReport(ctx.db, compute);
      cachedAgreementReport(ctx.db, compute);
      expect(calls.n, what).toBe(before + 1);
    }
    expect(cachedAgreementReport(ctx.db, compute)).toEqual(agreementReport(ctx.db));
  });

  it('is not invalidated by changes the report does not read (sessions, events)', () => {
    const { calls, compute } = counting();
    const report = cachedAgreementReport(ctx.db, compute);
    const before = calls.n;
    appendEvent(ctx.db, SYSTEM_ACTOR, { action: 'test.noop', entityType: 'test' });
    expect(cachedAgreementReport(ctx.db, compute)).toBe(report);
    expect(calls.n).toBe(before);
  });
});

describe('GET /api/agreement (paged per-problem table)', () => {
  it('serves a fresh report after an annotation is submitted through the API', async () => {
    const before = (await maintainer.get('/api/agreement')).body;
    setAnnotationStatus(ctx.db, problems[0]!.id, bob.id, 'submitted');
    const after = (await maintainer.get('/api/agreement')).body;
    expect(after.problems).toBe(before.problems + 1);
  });

  it('returns one page of the per-problem table, worst first, with the total', async () => {
    const all = (await maintainer.get('/api/agreement?limit=200')).body;
    expect(all.perProblemTotal).toBe(all.problems);
    expect(all.perProblem).toHaveLength(all.problems);
    const page = (await maintainer.get('/api/agreement?limit=2&offset=1')).body;
    expect(page).toMatchObject({ limit: 2, offset: 1, perProblemTotal: all.problems, problems: all.problems });
    expect(page.perProblem.map((p: { questionId: string }) => p.questionId)).toEqual(all.perProblem.slice(1, 3).map((p: { questionId: string }) => p.questionId));
    expect(page.pairs).toEqual(all.pairs);
  });

  it('rejects a bad page naming the field', async () => {
    const res = await maintainer.get('/api/agreement?offset=x');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('offset');
  });
});
