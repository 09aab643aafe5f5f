import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js (eslint.layers.js) fail code that crosses a layer.
// The snippets are linted with the project's real config, as if they were files at these paths.
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('lint enforces the direction routes → services → db', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  async function ruleHits(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    return result!.messages.filter((m) => m.ruleId?.startsWith('layers/')).map((m) => `${m.ruleId}:${m.line}`);
  }

  it('fails a service that imports server/http/', async () => {
    const code = [
      "import { conflict } from '../http/errors';",
      "import type { SessionUser } from '../../http/route';",
      "export { AppError } from '../http/errors';",
      'export const f = (u: SessionUser) => conflict(u.username);',
      '',
    ].join('\n');
    expect(await ruleHits('server/services/lintFixture.ts', code)).toEqual(['layers/no-import:1', 'layers/no-import:3']);
    expect(await ruleHits('server/services/adjudications/lintFixture.ts', code)).toEqual(['layers/no-import:2']);
  });

  it('fails a route that imports db/, types included', async () => {
    const code = ["import type { DB } from '../../../db/database';", "import { findUser } from '../../../db/users';", 'export const f = (db: DB) => findUser(db, "x");', ''].join('\n');
    expect(await ruleHits('server/routes/users/lintFixture.ts', code)).toEqual(['layers/no-import:1', 'layers/no-import:2']);
  });

  it('fails SQL outside db/: statement text, raw statement helpers and driver calls', async () => {
    const code = [
      "import { get, transaction, type DB } from '../../db/database';",
      "export const count = (db: DB) => get(db, 'SELECT COUNT(*) AS n FROM users');",
      'export const other = (db: DB) => db.prepare(`UPDATE users SET active = 0`).run();',
      "export const pragma = (db: DB) => db.pragma('journal_mode = DELETE');",
      'export const t = transaction;',
      '',
    ].join('\n');
    expect(await ruleHits('server/services/lintFixture.ts', code)).toEqual([
      'layers/no-import:1',
      'layers/sql-in-db-only:2',
      'layers/sql-in-db-only:3',
      'layers/sql-in-db-only:3',
      'layers/sql-in-db-only:4',
    ]);
  });

  it('passes the same work done the layered way, and ordinary text that merely starts like SQL', async () => {
    const service = [
      "import { transaction, type DB } from '../../db/database';",
      "import { findUser } from '../../db/users';",
      "import { DomainError } from '../domain/errors';",
      "export const f = (db: DB) => transaction(db, () => findUser(db, 'x') ?? new DomainError('not_found', 'Delete the file first.'));",
      'export const g = (line: string) => /^(\\d+)$/.exec(line);',
      '',
    ].join('\n');
    expect(await ruleHits('server/services/lintFixture.ts', service)).toEqual([]);
    const route = ["import { route } from '../../http/route';", "import { listUsers } from '../../services/users';", "export const r = route({ method: 'get', path: '/x', access: ['maintainer'], handle: ({ db }) => listUsers(db) });", ''].join('\n');
    expect(await ruleHits('server/routes/users/lintFixture.ts', route)).toEqual([]);
  });

  it('leaves SQL to db/ modules', async () => {
    expect(await ruleHits('db/lintFixture.ts', "import { get, type DB } from './database';\nexport const f = (db: DB) => get(db, 'SELECT 1');\n")).toEqual([]);
  });

  it('fails JSON.parse outside db/, and passes it in db/ and in the named file readers', async () => {
    const code = ["export const sampling = (row: { sampling: string }) => sampleSchema.parse(JSON.parse(row.sampling));", ''].join('\n');
    expect(await ruleHits('server/services/pilots/lintFixture.ts', code)).toEqual(['layers/json-parse-in-db-only:1']);
    expect(await ruleHits('server/presenters/lintFixture.ts', code)).toEqual(['layers/json-parse-in-db-only:1']);
    expect(await ruleHits('shared/runs/lintFixture.ts', code)).toEqual(['layers/json-parse-in-db-only:1']);
    expect(await ruleHits('db/lintFixture.ts', code)).toEqual([]);
    expect(await ruleHits('server/files/jsonLines.ts', code)).toEqual([]);
  });

  it('fails parsed JSON asserted to a type with `as` outside db/ (a browser draft, a file reader), and passes it checked by a schema', async () => {
    const asserted = ['export const restore = (text: string) => JSON.parse(text) as { points: string[] };', ''].join('\n');
    const checked = ['export const restore = (text: string) => draftSchema.safeParse(JSON.parse(text));', ''].join('\n');
    expect(await ruleHits('client/src/drafts/lintFixture.ts', asserted)).toEqual(['layers/no-unchecked-json:1']);
    expect(await ruleHits('server/files/jsonLines.ts', asserted)).toEqual(['layers/no-unchecked-json:1']);
    expect(await ruleHits('client/src/drafts/lintFixture.ts', checked)).toEqual([]);
    expect(await ruleHits('db/lintFixture.ts', asserted)).toEqual([]);
  });

  it('fails a service that imports a presenter, and passes a route that presents what a service returns', async () => {
    const service = [
      "import { presentQueue } from '../presenters/annotations';",
      "import type { QueueItem } from '../../shared/schemas/annotation';",
      "export { presentUser } from '../../presenters/users';",
      'export const f = (q: Parameters<typeof presentQueue>[0]): QueueItem[] => presentQueue(q);',
      '',
    ].join('\n');
    expect(await ruleHits('server/services/lintFixture.ts', service)).toEqual(['layers/no-import:1']);
    expect(await ruleHits('server/services/suggestions/lintFixture.ts', service)).toEqual(['layers/no-import:3']);
    const route = [
      "import { presentQueue } from '../../presenters/annotations';",
      "import { getQueue } from '../../services/annotations';",
      "import { baseTextHash } from '../../domain/baseText';",
      "export const f = (db: Parameters<typeof getQueue>[0]) => [presentQueue(getQueue(db, { id: 1 })), baseTextHash('x')];",
      '',
    ].join('\n');
    expect(await ruleHits('server/routes/assignments/lintFixture.ts', route)).toEqual([]);
  });

  it('keeps the file readers under the services: they import neither services, presenters, HTTP nor the database', async () => {
    const code = [
      "import { Pacer } from './eventLoopPacer';",
      "import { readLines } from './lineReader';",
      "import { checkedRecords } from '../services/runs/runFile';",
      "import { presentUser } from '../presenters/users';",
      "import { route } from '../http/route';",
      "import { findUser } from '../../db/users';",
      "import type { ImportIssue } from '../../shared/schemas/lcb';",
      'export const all = [Pacer, readLines, checkedRecords, presentUser, route, findUser] as const;',
      'export type Issue = ImportIssue;',
      '',
    ].join('\n');
    expect(await ruleHits('server/files/lintFixture.ts', code)).toEqual(['layers/no-import:3', 'layers/no-import:4', 'layers/no-import:5', 'layers/no-import:6']);
    const service = ["import { Pacer } from '../../files/eventLoopPacer';", "import { IssueList } from '../../files/fileIssues';", 'export const f = [Pacer, IssueList] as const;', ''].join('\n');
    expect(await ruleHits('server/services/runs/lintFixture.ts', service)).toEqual([]);
  });
});
