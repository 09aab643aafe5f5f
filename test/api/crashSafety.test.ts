import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { openDatabase } from '../../db/database';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { buildUser } from '../support/builders';
import { tempDir } from '../support/db';
import { fileSize, killOnChange, killWhen, startCli } from '../support/killable';
import { writeLcbFile } from '../support/lcbRecords';
import { seedResolvedProblems } from '../support/releaseDb';
import { BUILT } from '../support/serverBuild';

// A file large enough that the import's one transaction spills pages into the WAL before
// it commits, so a kill can land in the middle of the write.
const PROBLEMS = 4000;
const dir = tempDir('ccb-crash-');
const lcbFile = path.join(dir, 'large.jsonl');

beforeAll(() => writeLcbFile(lcbFile, PROBLEMS, 2500));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A migrated database with an empty WAL, so WAL growth means "the import is writing". */
function freshDb(name: string): string {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

/** Reopen after the crash (SQLite recovers from the WAL) and look at what is visible. */
function inspect(file: string): { integrity: string; problems: number; importEvents: number } {
  const db = new Database(file);
  try {
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      problems: db.prepare('SELECT COUNT(*) FROM problems').pluck().get() as number,
      importEvents: db.prepare("SELECT COUNT(*) FROM events WHERE action = 'problem.import'").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('crash safety of import-lcb (SIGKILL mid-way)', () => {
  it('killed while reading: the database is intact and holds nothing of the file', async () => {
    const db = freshDb('reading.sqlite');
    const run = startCli(['import-lcb', lcbFile, '--db', db]);
    const killed = await killWhen(run, () => /Reading: [3-9]\d%/.test(run.stderr()));
    expect(killed, run.stderr()).toBe(true);
    expect(inspect(db)).toEqual({ integrity: 'ok', problems: 0, importEvents: 0 });
  });

  it('killed while writing: the import is complete or absent, never partial, and a rerun completes it', async () => {
    const db = freshDb('writing.sqlite');
    const run = startCli(['import-lcb', lcbFile, '--db', db]);
    // The reading phase writes nothing; the WAL grows only once the import transaction writes.
    const killed = await killWhen(run, () => /Reading: 100%/.test(run.stderr()) && fileSize(`${db}-wal`) > 256 * 1024);
    expect(killed, `the import finished before it could be killed: ${run.stderr()}`).toBe(true);
    const after = inspect(db);
    expect(after.integrity).toBe('ok');
    expect([0, PROBLEMS]).toContain(after.problems);
    expect(after.importEvents).toBe(after.problems === 0 ? 0 : 1);

    const rerun = startCli(['import-lcb', lcbFile, '--db', db]);
    expect(await rerun.exited, rerun.stderr()).toBe(0);
    expect(inspect(db)).toMatchObject({ integrity: 'ok', problems: PROBLEMS });
  });
});

/** A database with enough resolved problems that a release is several megabytes. */
async function releaseDb(name: string, problems: number): Promise<{ file: string; cookie: string }> {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  seedResolvedProblems(db, problems);
  const mara = await buildUser(db, { username: 'mara', role: 'maintainer' });
  const cookie = `${SESSION_COOKIE}=${createSession(db, mara.id).token}`;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { file, cookie };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A release folder is either absent or complete: every file of its manifest, with the right checksum, and nothing else. */
function expectCompleteOrAbsent(parent: string, name: string): 'absent' | 'complete' {
  const visible = fs.readdirSync(parent).filter((f) => !f.startsWith('.'));
  expect(visible.filter((f) => f !== name), 'stray visible entries').toEqual([]);
  const dirPath = path.join(parent, name);
  if (!fs.existsSync(dirPath)) return 'absent';
  const manifest = JSON.parse(fs.readFileSync(path.join(dirPath, 'manifest.json'), 'utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
  for (const f of manifest.files) {
    const content = fs.readFileSync(path.join(dirPath, f.path));
    expect({ path: f.path, bytes: content.length, sha256: sha(content) }).toEqual(f);
  }
  const onDisk = fs.readdirSync(dirPath, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dirPath, path.join(e.parentPath, e.name)));
  expect(onDisk.sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json'].sort());
  return 'complete';
}

describe('crash safety of export (SIGKILL while writing the release folder)', () => {
  it('leaves no half-written release folder, and a rerun writes a complete one', async () => {
    const { file } = await releaseDb('export.sqlite', 500);
    const parent = path.join(dir, 'exports');
    // Kill the moment anything appears in the parent folder: the release is being written.
    // The write takes milliseconds, so a run may finish first; one of a few runs is killed.
    let killed = false;
    for (let attempt = 0; attempt < 4 && !killed; attempt++) {
      fs.rmSync(parent, { recursive: true, force: true });
      fs.mkdirSync(parent);
      const run = startCli(['export', '--out', path.join(parent, 'release'), '--db', file]);
      killed = await killOnChange(run, parent);
      expectCompleteOrAbsent(parent, 'release');
    }
    expect(killed, 'no export run could be killed while writing').toBe(true);
    const rerun = startCli(['export', '--out', path.join(parent, 'release'), '--db', file]);
    expect(await rerun.exited, rerun.stderr()).toBe(0);
    expect(expectCompleteOrAbsent(parent, 'release')).toBe('complete');
  });
});

describe('crash safety of cutting a release in the server (SIGKILL mid-transaction)', () => {
  it('after restart the release is complete (rows, files, event) or absent', async () => {
    const { file, cookie } = await releaseDb('server.sqlite', 800); // megabytes of release files: the transaction spills into the WAL before it commits
    const server = spawn(process.execPath, [BUILT.main], {
      env: { ...process.env, CCB_DB: file, PORT: '0', HOST: '127.0.0.1', CCB_CLIENT_DIR: path.join(dir, 'no-client') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => server.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      server.on('exit', () => reject(new Error(`server ended: ${out}`)));
    });
    const cut = fetch(`${url}/api/releases`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'v9', notes: 'killed' }),
    }).then(
      (r) => r.status,
      () => 'connection lost',
    );
    const start = Date.now();
    while (fileSize(`${file}-wal`) < 512 * 1024 && Date.now() - start < 60_000) await new Promise((r) => setTimeout(r, 2));
    server.kill('SIGKILL');
    await exited;
    expect(await cut).toBe('connection lost');

    const db = new Database(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const releases = db.prepare('SELECT id, manifest FROM releases').all() as { id: number; manifest: string }[];
    const events = db.prepare("SELECT COUNT(*) FROM events WHERE action = 'release.cut'").pluck().get();
    expect(events).toBe(releases.length);
    expect(releases.length).toBeLessThanOrEqual(1);
    for (const r of releases) {
      const files = db.prepare('SELECT path, content, sha256 FROM release_files WHERE release_id = ?').all(r.id) as { path: string; content: Buffer; sha256: string }[];
      const manifest = JSON.parse(r.manifest) as { files: { path: string }[] };
      expect(files.length).toBeGreaterThanOrEqual(manifest.files.length);
      for (const f of files) expect(sha(f.content)).toBe(f.sha256);
    }
    const orphans = db.prepare('SELECT COUNT(*) FROM release_files WHERE release_id NOT IN (SELECT id FROM releases)').pluck().get();
    expect(orphans).toBe(0);
    db.close();
  });
});
