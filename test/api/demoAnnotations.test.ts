import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { agreementReport, type AgreementView } from '../../server/services/agreement';
import { tempDb } from '../support/db';

const ctx = tempDb();
let report: AgreementView;

beforeAll(async () => {
  await seedDemo(ctx.db, { scrypt: FIXTURE_SCRYPT });
  report = agreementReport(ctx.db);
});
afterAll(() => ctx.cleanup());

describe('demo annotations seeded at first start', () => {
  it('stores five problems with two submitted imported annotations by the demo annotators', () => {
    const rows = all<{ question_id: string; names: string; statuses: string }>(
      ctx.db,
      `SELECT p.question_id, group_concat(u.username) AS names, group_concat(a.status || '/' || a.source) AS statuses
         FROM annotations a JOIN problems p ON p.id = a.problem_id JOIN users u ON u.id = a.user_id
        GROUP BY p.id ORDER BY p.import_order`,
    );
    expect(rows.map((r) => r.question_id)).toEqual(['demo_001', 'demo_002', 'demo_003', 'demo_004', 'demo_006']);
    for (const r of rows) {
      expect(r.statuses).toBe('submitted/import,submitted/import');
      expect(r.names.split(',').every((n) => ['alice', 'bob', 'carol'].includes(n))).toBe(true);
    }
    expect(report.problems).toBe(5);
  });

  it('includes disagreeing problems (different spans, a type mismatch, an extra point) and exact agreements', () => {
    const byId = new Map(report.perProblem.map((p) => [p.questionId, p]));
    const disagreeing = report.perProblem.filter((p) => (p.score.value ?? 1) < 1);
    expect(disagreeing.length).toBeGreaterThanOrEqual(3);
    // demo_001: same span, different types; alice writes an extra point.
    expect(byId.get('demo_001')).toMatchObject({ points: { a: 2, b: 1, matched: 1 }, types: { pairs: 1, agreeing: 0 } });
    // demo_002: the same sentence deleted with and without its leading space; carol adds a point.
    expect(byId.get('demo_002')!.points).toMatchObject({ a: 1, b: 2, matched: 1 });
    expect(byId.get('demo_002')!.deletion.overlap.value!).toBeLessThan(1);
    // demo_003: one matched pair with a type mismatch, one unmatched point each.
    expect(byId.get('demo_003')).toMatchObject({ points: { a: 2, b: 2, matched: 1 }, types: { agreeing: 0 } });
    for (const id of ['demo_004', 'demo_006']) expect(byId.get(id)!.score.value).toBe(1);
    expect(report.types.confusion.flat().reduce((a, b) => a + b, 0)).toBe(report.types.pairs);
  });

  it('still gives every demo problem two distinct annotators (the rest by auto-assignment)', () => {
    const counts = all<{ n: number }>(ctx.db, 'SELECT COUNT(*) AS n FROM assignments GROUP BY problem_id');
    expect(counts).toHaveLength(8);
    expect(counts.every((c) => c.n === 2)).toBe(true);
  });
});
