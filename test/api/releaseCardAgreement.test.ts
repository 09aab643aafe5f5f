import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationStates, setAnnotationPointTypes, setAnnotationStatus } from '../../db/annotations';
import { overallAgreement } from '../../shared/agreement';
import { agreementReport, loadAgreementItems } from '../../server/services/agreement';
import { cachedAgreementReport } from '../../server/services/agreementCache';
import { cardAgreement } from '../../server/services/releases/facts';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from '../support/builders';
import { tempDb } from '../support/db';

const ctx = tempDb();
let alice: BuiltUser;
let bob: BuiltUser;
const problems: BuiltProblem[] = [];

beforeAll(async () => {
  alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  bob = await buildUser(ctx.db, { username: 'bob', role: 'annotator' });
  for (let i = 0; i < 4; i++) {
    const p = buildProblem(ctx.db, { questionId: `cardag${i}_a` });
    assign(ctx.db, p.id, alice.id, 1);
    assign(ctx.db, p.id, bob.id, 2);
    buildAnnotation(ctx.db, p.id, alice.id, [{ deletions: [[0, 5 + i]], type: 'Behavior' }]);
    buildAnnotation(ctx.db, p.id, bob.id, [{ deletions: [[0, 4]], type: i % 2 ? 'Behavior' : 'Units' }]);
    problems.push(p);
  }
});
afterAll(() => ctx.cleanup());

/** The card's figures computed from scratch, as before they were remembered. */
function computed(released: ReadonlySet<string>) {
  const r = overallAgreement(loadAgreementItems(ctx.db).items.filter((item) => released.has(item.questionId)));
  return { problems: r.problems, deletionPercent: r.deletion.percent, deletionKappa: r.deletion.kappa, pointF1: r.points.f1, typePercent: r.types.percent, typeKappa: r.types.kappa, typeAlpha: r.types.alpha, intervals: r.intervals, typePairs: r.types.pairs };
}

const ids = (from: number, to: number) => new Set(problems.slice(from, to).map((p) => p.questionId));

describe("the data card's agreement (remembered by data version and released problems)", () => {
  it('equals the figures computed from scratch, for every released set, asked twice', () => {
    for (const released of [ids(0, 4), ids(0, 2), ids(1, 3), ids(0, 4)]) {
      expect(cardAgreement(ctx.db, released)).toEqual(computed(released));
      expect(cardAgreement(ctx.db, released)).toEqual(computed(released));
    }
    expect(cardAgreement(ctx.db, new Set(['nothing_released']))).toBeNull();
  });

  it('follows a changed annotation, point or user (no stale figures)', () => {
    const released = ids(0, 4);
    const before = cardAgreement(ctx.db, released);
    for (const a of annotationStates(ctx.db).filter((s) => s.userId === bob.id)) setAnnotationPointTypes(ctx.db, a.id, 'Behavior');
    const after = cardAgreement(ctx.db, released);
    expect(after).toEqual(computed(released));
    expect(after).not.toEqual(before);
    setAnnotationStatus(ctx.db, problems[0]!.id, bob.id, 'draft');
    expect(cardAgreement(ctx.db, released)).toEqual(computed(released));
    expect(cardAgreement(ctx.db, released)!.problems).toBe(3);
  });

  it("reuses the Agreement page's fresh report only when it covers no unreleased problem", () => {
    const page = cachedAgreementReport(ctx.db);
    expect(page).toEqual(agreementReport(ctx.db));
    // Every doubly annotated problem released (and one with no annotations, a set not asked
    // before): the page's overall figures are the card's, the very same objects.
    const all = new Set([...ids(0, 4), 'single_annotated']);
    expect(cardAgreement(ctx.db, all)).toEqual(computed(all));
    expect(cardAgreement(ctx.db, all)!.deletionKappa).toBe(page.deletion.kappa);
    expect(cardAgreement(ctx.db, all)!.intervals).toBe(page.intervals);
    // One of them not released: the card's figures leave it out, unlike the page's.
    const some = ids(1, 3);
    expect(cardAgreement(ctx.db, some)).toEqual(computed(some));
    expect(cardAgreement(ctx.db, some)!.problems).toBeLessThan(page.problems);
  });
});
