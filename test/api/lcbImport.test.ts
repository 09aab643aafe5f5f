import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { findProblemId } from '../../db/problems';
import { CLI_ACTOR } from '../../db/events';
import { ImportError, importLcbFile } from '../../server/services/lcbImport';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { lcbRecord, writeJsonl } from '../support/lcb';
import { buildAnnotation } from '../support/annotationBuilders';
import { lastEventOf, problemIdOf, problemsInImportOrder, rowCount } from '../support/state';

const ctx = tempDb();
afterAll(() => ctx.cleanup());

const count = () => rowCount(ctx.db, 'problems');

async function importError(file: string): Promise<ImportError> {
  const err = await importLcbFile(ctx.db, file, CLI_ACTOR).then(() => null, (e: unknown) => e);
  if (!(err instanceof ImportError)) throw new Error(`expected an ImportError, got ${String(err)}`);
  return err;
}

describe('importLcbFile', () => {
  it('imports a CRLF file with a BOM and blank lines, in file order, and records one event', async () => {
    const records = [lcbRecord({ question_id: 'crlf_b' }), lcbRecord({ question_id: 'crlf_a' })];
    const file = writeJsonl(['\uFEFF' + JSON.stringify(records[0]), '', '  ', records[1]!], 'crlf.jsonl', '\r\n');
    expect(await importLcbFile(ctx.db, file, CLI_ACTOR)).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0 });
    const rows = problemsInImportOrder(ctx.db);
    expect(rows.map((r) => r.question_id)).toEqual(['crlf_b', 'crlf_a']);
    expect(rows[0]!.base_text).not.toMatch(/\r|\n\n|Sample/);
    const event = lastEventOf(ctx.db, 'problem.import');
    expect(event!.actor).toBe('cli');
    expect(event!.details).toMatchObject({ file: 'crlf.jsonl', inserted: 2, insertedIds: ['crlf_b', 'crlf_a'] });
  });

  it('reports unchanged on re-import and updates changed records in place, appending new ones after', async () => {
    const a = lcbRecord({ question_id: 'upd_a' });
    const b = lcbRecord({ question_id: 'upd_b' });
    await importLcbFile(ctx.db, writeJsonl([a, b]), CLI_ACTOR);
    expect(await importLcbFile(ctx.db, writeJsonl([a, b]), CLI_ACTOR)).toEqual({ total: 2, inserted: 0, updated: 0, unchanged: 2 });
    const orderBefore = problemsInImportOrder(ctx.db).find((p) => p.question_id === 'upd_b')!.import_order;
    const c = lcbRecord({ question_id: 'upd_c' });
    const summary = await importLcbFile(ctx.db, writeJsonl([c, a, { ...b, question_title: 'Renamed' }]), CLI_ACTOR);
    expect(summary).toEqual({ total: 3, inserted: 1, updated: 1, unchanged: 1 });
    const rows = problemsInImportOrder(ctx.db).filter((p) => p.question_id.startsWith('upd_'));
    expect(rows.map((r) => [r.question_id, r.title])).toEqual([['upd_a', a.question_title], ['upd_b', 'Renamed'], ['upd_c', c.question_title]]);
    expect(rows[1]!.import_order).toBe(orderBefore);
  });

  it('imports nothing when one line is broken, naming every bad line', async () => {
    const before = count();
    const file = writeJsonl([lcbRecord(), lcbRecord({ difficulty: 'trivial' }), '{"question_id": "x"', lcbRecord()]);
    const err = await importError(file);
    expect(count()).toBe(before);
    expect(err.issues).toEqual([
      expect.objectContaining({ line: 2, field: 'difficulty' }),
      expect.objectContaining({ line: 3, field: '', message: expect.stringMatching(/^invalid JSON/) }),
    ]);
    expect(err.message).toContain('line 2: difficulty:');
  });

  it('names both lines of a duplicated question_id', async () => {
    const record = lcbRecord();
    const err = await importError(writeJsonl([record, lcbRecord(), record]));
    expect(err.issues).toEqual([{ line: 3, field: 'question_id', message: `"${String(record.question_id)}" already appears on line 1` }]);
  });

  it('reports invalid UTF-8 with its line number', async () => {
    const file = writeJsonl([lcbRecord()]);
    fs.appendFileSync(file, Buffer.concat([Buffer.from('{"question_id": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]));
    const err = await importError(file);
    expect(err.issues).toEqual([{ line: 2, field: '', message: 'invalid UTF-8' }]);
  });

  it('refuses an empty file clearly', async () => {
    const err = await importError(writeJsonl(['', '  ']));
    expect(err.message).toMatch(/holds no problems/);
    expect(err.code).toBe('validation_failed');
  });

  it('streams a file whose hidden tests are megabytes per line, keeping only their size and digest', async () => {
    const hidden = 'x'.repeat(6 * 1024 * 1024);
    const file = writeJsonl([lcbRecord({ question_id: 'big_1', private_test_cases: hidden }), lcbRecord({ question_id: 'big_2', private_test_cases: hidden + 'y' })]);
    const progress: number[] = [];
    const summary = await importLcbFile(ctx.db, file, CLI_ACTOR, { onProgress: (done, total) => progress.push(done / total) });
    expect(summary.inserted).toBe(2);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    const row = get<{ private_tests_bytes: number; private_tests_sha256: string; len: number }>(
      ctx.db,
      "SELECT private_tests_bytes, private_tests_sha256, (SELECT SUM(LENGTH(public_test_cases) + LENGTH(metadata) + LENGTH(statement)) FROM problems WHERE question_id = 'big_2') AS len FROM problems WHERE question_id = 'big_2'",
    )!;
    expect(row.private_tests_bytes).toBe(hidden.length + 1);
    expect(row.private_tests_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.len).toBeLessThan(10_000);
  });

  it('refuses to move the base text of a problem that is already annotated', async () => {
    const record = lcbRecord({ question_id: 'worked_1' });
    await importLcbFile(ctx.db, writeJsonl([record]), CLI_ACTOR);
    const annotator = await buildUser(ctx.db);
    buildAnnotation(ctx.db, problemIdOf(ctx.db, 'worked_1'), annotator.id, [], 'draft');
    const other = lcbRecord();
    const err = await importError(writeJsonl([other, { ...record, question_content: 'A different statement.' }]));
    expect(err.issues).toEqual([expect.objectContaining({ line: 2, field: 'question_content', message: expect.stringContaining('already annotated') })]);
    expect(findProblemId(ctx.db, String(other.question_id))).toBeUndefined();
    const renamed = await importLcbFile(ctx.db, writeJsonl([{ ...record, question_title: 'Only the title changes' }]), CLI_ACTOR);
    expect(renamed.updated).toBe(1);
  });
});
