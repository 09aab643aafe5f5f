import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { findProblemDetail } from '../../db/problems';
import { CLI_ACTOR } from '../../db/events';
import { importLcbFile } from '../../server/services/lcbImport';
import { tempDb, tempDir } from '../support/db';
import { buildUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { lcbRecord } from '../support/lcbRecords';
import { eventsOf, rowCount } from '../support/state';

// Every bad file is tried twice: through the importer service (the CLI's path) and through
// the upload route, against a database that already holds one problem: nothing may change.
const ctx = tempDb();
const app = testApp(ctx.db);
const dir = tempDir('ccb-import-files-');
let agent: Awaited<ReturnType<typeof loginAs>>;

const line = (n: number, overrides: Record<string, unknown> = {}) => JSON.stringify(lcbRecord(n, overrides));
const counts = () => ({
  problems: rowCount(ctx.db, 'problems'),
  events: eventsOf(ctx.db, 'problem.import').length,
});

beforeAll(async () => {
  agent = await loginAs(app, await buildUser(ctx.db, { username: 'mara', role: 'maintainer' }));
  const seed = path.join(dir, 'seed.jsonl');
  fs.writeFileSync(seed, `${line(900)}\n`);
  await importLcbFile(ctx.db, seed, CLI_ACTOR);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface BadFile {
  name: string;
  content: Buffer;
  /** What the message must say, line number included. */
  message: RegExp;
}

const twentyMb = 20 * 1024 * 1024;
const BAD_FILES: BadFile[] = [
  { name: 'invalid JSON', content: Buffer.from(`${line(1)}\n{"question_id": "x",\n${line(3)}\n`), message: /line 2: invalid JSON/ },
  { name: 'wrong types', content: Buffer.from(`${line(1)}\n${line(2)}\n${line(3, { difficulty: 5, question_title: ['a'] })}\n`), message: /line 3: (difficulty|question_title): / },
  { name: 'not an object', content: Buffer.from(`${line(1)}\n[1, 2, 3]\n`), message: /line 2: .*JSON object/ },
  {
    name: 'invalid UTF-8',
    content: Buffer.concat([Buffer.from(`${line(1)}\n`), Buffer.from(line(2).replace('Generated', 'Gen\u0001rated')).map((b) => (b === 1 ? 0xff : b)), Buffer.from('\n')]),
    message: /line 2: invalid UTF-8/,
  },
  { name: 'a 20 MB line of garbage', content: Buffer.from(`${line(1)}\n{"question_id": "${'z'.repeat(twentyMb)}\n`), message: /line 2: / },
  { name: 'duplicate ids', content: Buffer.from(`${line(1)}\n${line(2)}\n${line(1)}\n`), message: /line 3: question_id: .*line 1/ },
  { name: 'an empty file', content: Buffer.alloc(0), message: /no problems|empty/ },
  { name: 'only blank lines', content: Buffer.from('\n\r\n  \n'), message: /no problems|empty/ },
];

describe('bad LiveCodeBench files import nothing and name the line', () => {
  for (const bad of BAD_FILES) {
    it(`${bad.name}: importer service`, async () => {
      const before = counts();
      const file = path.join(dir, 'bad.jsonl');
      fs.writeFileSync(file, bad.content);
      const err = await importLcbFile(ctx.db, file, CLI_ACTOR).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(bad.message);
      expect(err!.message.length).toBeLessThan(2000); // a clear message, never the 20 MB line echoed back
      expect(counts()).toEqual(before);
    });

    it(`${bad.name}: upload route`, async () => {
      const before = counts();
      const res = await agent.post('/api/problems/import?name=bad.jsonl').set('Content-Type', 'application/octet-stream').send(bad.content);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
      expect(res.body.error.message).toMatch(bad.message);
      expect(JSON.stringify(res.body).length).toBeLessThan(20_000);
      expect(counts()).toEqual(before);
    });
  }
});

describe('harmless encodings import fine', () => {
  it('a UTF-8 BOM and CRLF line endings', async () => {
    const content = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${line(11)}\r\n${line(12)}\r\n`)]);
    const res = await agent.post('/api/problems/import').set('Content-Type', 'application/octet-stream').send(content);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 2, inserted: 2 });
    const stored = findProblemDetail(ctx.db, 'gen00011_a');
    expect(stored?.title).toBe('Generated problem 11');
  });

  it('a valid record with a 20 MB hidden-tests field (real LiveCodeBench lines are this large)', async () => {
    const file = path.join(dir, 'big.jsonl');
    fs.writeFileSync(file, `${line(21, { private_test_cases: 'y'.repeat(twentyMb) })}\n`);
    const summary = await importLcbFile(ctx.db, file, CLI_ACTOR);
    expect(summary.inserted).toBe(1);
    const row = findProblemDetail(ctx.db, 'gen00021_a');
    expect(row?.private_tests_bytes).toBe(twentyMb);
  });
});
