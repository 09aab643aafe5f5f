import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { DEMO_PROBLEMS } from '../../server/seed';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';
import { rowCount } from '../support/state';

const dir = tempDir('ccb-cli-db-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const pw = path.join(dir, 'pw.txt');
fs.writeFileSync(pw, 'correct-horse-battery\n');
/** A --db with a typo: neither the folder nor the file exists. */
const typoDir = path.join(dir, 'typo');
const typo = path.join(typoDir, 'oops.sqlite');

/** Every command that works on an existing database, with arguments that are otherwise fine. */
const REQUIRING: string[][] = [
  ['agreement'],
  ['agreement', '--json'],
  ['backup', path.join(dir, 'copy.sqlite')],
  ['backup', '--dir', path.join(dir, 'backups'), '--keep', '2'],
  ['users', 'list'],
  ['users', 'password', 'mara', '--password-file', pw],
  ['assign', '--auto'],
  ['export', '--out', path.join(dir, 'release')],
  ['runs', 'report'],
  ['runs', 'task-scores', '--model', 'm1'],
  ['runs', 'judge-check', '--model', 'm1'],
  ['runs', 'flag', 'task_1', '--reason', 'why'],
  ['pilots', 'create', '--study', 's1', '--release', 'v1', '--pilots', 'pia'],
  ['pilots', 'status', '--study', 's1'],
  ['pilots', 'export', '--study', 's1', '--out', path.join(dir, 'pilots')],
];

describe('--db naming no database', () => {
  it.each(REQUIRING.map((args) => [args.map((a) => (a.startsWith(dir) ? path.basename(a) : a)).join(' '), args] as const))('%s fails with exit 1 and creates nothing', async (_, args) => {
    const res = await runCli([...args, '--db', typo]);
    expect(res).toEqual({ status: 1, stdout: '', stderr: `error: no database at ${typo} (create one with import-lcb or npm start)\n` });
    expect(fs.existsSync(typoDir)).toBe(false);
    // Nor anything the command would have written.
    expect(fs.readdirSync(dir).sort()).toEqual(['pw.txt']);
  });

  it('also when the path comes from CCB_DB', async () => {
    const before = process.env.CCB_DB;
    process.env.CCB_DB = typo;
    try {
      const res = await runCli(['users', 'list']);
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`no database at ${typo}`);
    } finally {
      if (before === undefined) delete process.env.CCB_DB;
      else process.env.CCB_DB = before;
    }
    expect(fs.existsSync(typoDir)).toBe(false);
  });

  it('the importers and users add create the database (the way to make a first one)', async () => {
    const fresh = path.join(dir, 'new', 'first.sqlite');
    const added = await runCli(['users', 'add', 'mara', '--role', 'maintainer', '--password-file', pw, '--db', fresh]);
    expect(added).toMatchObject({ status: 0, stdout: 'created maintainer mara\n' });
    const other = path.join(dir, 'new', 'second.sqlite');
    expect((await runCli(['import-lcb', DEMO_PROBLEMS, '--db', other])).status).toBe(0);
    for (const file of [fresh, other]) {
      const db = openDatabase(file, { readonly: true });
      try {
        expect(rowCount(db, 'schema_migrations')).toBeGreaterThan(0);
      } finally {
        db.close();
      }
    }
    // A database that exists is found again by the commands that require one.
    expect(await runCli(['users', 'list', '--db', fresh])).toMatchObject({ status: 0, stdout: expect.stringContaining('mara') });
    fs.rmSync(path.join(dir, 'new'), { recursive: true, force: true });
  });
});
