import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import { findProblemId } from '../../db/problems';
import { countRows } from '../../db/schema';
import { userExists } from '../../db/users';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';
import { lcbRecord, writeJsonl } from '../support/lcb';

const dir = tempDir('ccb-cli-');
const dbFile = path.join(dir, 'cli.sqlite');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const res = await runCli([...args, '--db', dbFile]);
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** What the database file holds, read on a connection of its own. */
function read<T>(what: (db: DB) => T): T {
  const db = openDatabase(dbFile);
  try {
    return what(db);
  } finally {
    db.close();
  }
}

describe('import-lcb', () => {
  const file = writeJsonl([lcbRecord({ question_id: 'cli_1' }), lcbRecord({ question_id: 'cli_2' })]);

  it('imports with a progress bar on stderr and a summary on stdout, then reports unchanged', async () => {
    const first = await cli('import-lcb', file);
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe('imported 2 problems: 2 new, 0 updated, 0 unchanged');
    expect(first.stderr).toContain('Reading: 100%');
    const second = await cli('import-lcb', file);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('imported 2 problems: 0 new, 0 updated, 2 unchanged');
  });

  it('exits 1 on a broken file, names the lines and imports nothing', async () => {
    const lines = [lcbRecord({ question_id: 'cli_3' }), '{oops', ...Array.from({ length: 60 }, () => lcbRecord({ difficulty: 'impossible' }))];
    const res = await cli('import-lcb', writeJsonl(lines));
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    const errorLines = res.stderr.split('\n').filter((l) => l.startsWith('line '));
    expect(errorLines).toHaveLength(50);
    expect(errorLines[0]).toMatch(/^line 2: invalid JSON/);
    expect(errorLines[1]).toMatch(/^line 3: difficulty: /);
    expect(res.stderr).toContain('… and 11 more');
    expect(read((db) => findProblemId(db, 'cli_3'))).toBeUndefined();
  });

  it('exits with a usage error without a file and 1 for a missing file', async () => {
    expect((await cli('import-lcb')).code).toBe(2);
    const missing = await cli('import-lcb', path.join(dir, 'nope.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
  });
});

describe('users and assign', () => {
  it('adds users from a password file, lists them and auto-assigns', async () => {
    const pw = path.join(dir, 'pw.txt');
    fs.writeFileSync(pw, 'long-enough-secret\nignored second line\n');
    for (const name of ['amy', 'ben']) expect((await cli('users', 'add', name, '--role', 'annotator', '--password-file', pw)).code).toBe(0);
    const dup = await cli('users', 'add', 'AMY', '--role', 'annotator', '--password-file', pw);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('already exists');
    const list = await cli('users', 'list');
    expect(list.stdout).toMatch(/amy\s+annotator\s+yes/);
    expect(list.stdout).not.toContain('scrypt');
    const assigned = await cli('assign', '--auto');
    expect(assigned.code).toBe(0);
    expect(assigned.stdout).toContain('assigned 2 problems (4 new assignments)');
    expect(read((db) => countRows(db, 'assignments'))).toBe(4);
  });

  it('rejects a short password, an unknown role and a missing --auto', async () => {
    const short = path.join(dir, 'short.txt');
    fs.writeFileSync(short, 'short\n');
    const res = await cli('users', 'add', 'cy', '--role', 'annotator', '--password-file', short);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('password: at least 8 characters');
    expect((await cli('users', 'add', 'cy', '--role', 'boss', '--password-file', short)).stderr).toContain('role:');
    expect((await cli('assign')).code).toBe(2);
    const db = openDatabase(dbFile);
    expect(userExists(db, 'cy')).toBe(false);
    db.close();
  });

  it('refuses to prompt for a password without a terminal', async () => {
    const res = await cli('users', 'add', 'cy', '--role', 'annotator');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--password-file');
  });
});
