import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreement } from '../../shared/api/agreement';
import { csvDocument, csvText } from '../../shared/csv';
import { agreementReport } from '../../server/services/agreement';
import { buildAnnotation } from '../support/annotationBuilders';
import { assign, buildProblem, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

/*
 * Two problems by alice (A) and bob (B). ag1: the same deletion [0,5), both Behavior. ag2
 * (a title a spreadsheet would run as a formula, with a comma and quotes): alice [0,5)
 * Behavior, bob [0,4) Units (IoU 0.8: matched, types disagree).
 */
const ctx = tempDb();
const app = testApp(ctx.db);
const FORMULA_TITLE = '=HYPERLINK("http://x.example","click"), then -1';
let maintainer: Agent;
let annotator: Agent;

beforeAll(async () => {
  const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
  const alice = await buildUser(ctx.db, { username: 'alice', role: 'annotator' });
  const bob = await buildUser(ctx.db, { username: 'bob', role: 'annotator' });
  const ada = await buildUser(ctx.db, { username: 'ada', role: 'adjudicator' });
  maintainer = await loginAs(app, mara);
  annotator = await loginAs(app, alice);
  const adjudicator = await loginAs(app, ada);
  expect((await adjudicator.get(agreement.pairsCsv.path)).status).toBe(403);
  const p1 = buildProblem(ctx.db, { questionId: 'ag1_a', title: 'Plain' });
  const p2 = buildProblem(ctx.db, { questionId: 'ag2_a', title: FORMULA_TITLE });
  for (const p of [p1, p2]) {
    assign(ctx.db, p.id, alice.id, 1);
    assign(ctx.db, p.id, bob.id, 2);
  }
  buildAnnotation(ctx.db, p1.id, alice.id, [{ deletions: [[0, 5]], type: 'Behavior' }]);
  buildAnnotation(ctx.db, p1.id, bob.id, [{ deletions: [[0, 5]], type: 'Behavior' }]);
  buildAnnotation(ctx.db, p2.id, alice.id, [{ deletions: [[0, 5]], type: 'Behavior' }]);
  buildAnnotation(ctx.db, p2.id, bob.id, [{ deletions: [[0, 4]], type: 'Units' }]);
});
afterAll(() => ctx.cleanup());

const rowsOf = (text: string) => text.split('\r\n').slice(0, -1);

describe('agreement CSV downloads', () => {
  it('are for maintainers only', async () => {
    expect((await annotator.get(agreement.pairsCsv.path)).status).toBe(403);
    expect((await annotator.get(agreement.problemsCsv.path)).status).toBe(403);
    expect((await request(app).get(agreement.problemsCsv.path)).status).toBe(401);
  });

  it('per problem: every row worst first, the title quoted and kept from running as a formula', async () => {
    const res = await maintainer.get(agreement.problemsCsv.path).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="agreement-problems.csv"');
    const lines = rowsOf(res.text);
    expect(lines[0]).toBe(
      'question_id,title,annotator_a,annotator_b,score,span_overlap,deletion_percent,deletion_kappa,points_a,points_b,matched,point_f1,type_pairs,types_agreeing,type_percent,counts_equal,adjudicated',
    );
    expect(lines).toHaveLength(3);
    // ag2: overlap 4/5, F1 1, types 0/1 → score (0.8 + 1 + 0)/3, the worse one, first.
    const title = `"'=HYPERLINK(""http://x.example"",""click""), then -1"`;
    expect(lines[1]!.startsWith(`ag2_a,${title},alice,bob,`)).toBe(true);
    const cells = lines[1]!.slice(`ag2_a,${title},`.length).split(',');
    expect(Number(cells[2])).toBeCloseTo(0.6, 12);
    expect(cells.slice(3)).toEqual(['0.8', expect.any(String), expect.any(String), '1', '1', '1', '1', '1', '0', '0', '1', '0']);
    expect(lines[2]).toMatch(/^ag1_a,Plain,alice,bob,1,1,1,1,1,1,1,1,1,1,1,1,0$/);
  });

  it('per pair: the figures (the intervals are the overall figures\' only)', async () => {
    const res = await maintainer.get(agreement.pairsCsv.path).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="agreement-pairs.csv"');
    const [header, row, ...rest] = rowsOf(res.text).map((l) => l.split(','));
    expect(rest).toEqual([]);
    const pair = agreementReport(ctx.db).pairs[0]!;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(row!.slice(0, 3)).toEqual(['alice', 'bob', '2']);
    expect(Number(cell('point_f1'))).toBe(1);
    expect(Number(cell('deletion_kappa'))).toBe(pair.deletion.kappa.value);
    // Type κ over one Behavior/Behavior and one Behavior/Units pair is 0.
    expect(cell('type_kappa')).toBe('0');
    expect(header!.filter((h) => /_low$|_high$|draws|seed/.test(h))).toEqual([]);
  });
});

describe('csv cells', () => {
  it('guard text that starts like a formula, quote commas, quotes and line breaks, and leave numbers alone', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(csvText)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain']);
    expect(csvDocument(['a', 'b'], [[{ text: 'x, "y"\nz' }, -0.25], [null, { text: '-2' }]])).toBe('a,b\r\n"x, ""y""\nz",-0.25\r\n,\'-2\r\n');
  });
});
