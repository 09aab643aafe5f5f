import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { listMigrations, migrate, openDatabase, transaction, type DB } from '../../db/database';
import { appendEvent, SYSTEM_ACTOR } from '../../db/events';
import { backupDatabase, restoreDatabase, verifyBackup } from '../../server/services/backup';
import { buildProblem, buildUser } from '../support/builders';
import { runCli } from '../support/cli';
import { tempDir } from '../support/db';

const dir = tempDir('ccb-backup-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const count = (db: DB, sql: string) => db.prepare(sql).pluck().get() as number;

/** One "state change": two events that must appear together or not at all. */
function writeBatch(db: DB, batch: number): void {
  transaction(db, () => {
    appendEvent(db, SYSTEM_ACTOR, { action: 'test.first', entityType: 'batch', entityId: batch });
    appendEvent(db, SYSTEM_ACTOR, { action: 'test.second', entityType: 'batch', entityId: batch, details: { pad: 'x'.repeat(2000) } });
  });
}

async function populated(name: string, batches = 3000): Promise<{ db: DB; file: string }> {
  const file = path.join(dir, name);
  const db = openDatabase(file);
  db.pragma('wal_autocheckpoint = 0'); // keep everything in the WAL: a plain file copy would miss it
  await buildUser(db, { username: `${name}-mara`, role: 'maintainer' });
  buildProblem(db);
  for (let i = 0; i < batches; i++) writeBatch(db, i);
  return { db, file };
}

function halfBatches(file: string): number {
  const copy = new Database(file, { readonly: true });
  const n = copy
    .prepare("SELECT COUNT(*) FROM (SELECT entity_id FROM events WHERE entity_type = 'batch' GROUP BY entity_id HAVING COUNT(*) <> 2)")
    .pluck()
    .get() as number;
  copy.close();
  return n;
}

describe('backup', () => {
  it('copies a live database consistently while another connection keeps writing', async () => {
    const { db, file } = await populated('live.sqlite');
    const before = count(db, 'SELECT COUNT(*) FROM events');
    const writer = openDatabase(file);
    writer.pragma('wal_autocheckpoint = 0');
    let batch = 100_000;
    let writing = true;
    const loop = (async () => {
      while (writing) {
        writeBatch(writer, batch++);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const target = path.join(dir, 'live-copy.sqlite');
    let steps = 0;
    await backupDatabase(db, target, { onProgress: () => steps++ });
    writing = false;
    await loop;
    writer.close();
    expect(batch).toBeGreaterThan(100_000); // the writer really ran during the copy
    expect(steps).toBeGreaterThan(1);
    expect(verifyBackup(target)).toContain(1);
    const copy = new Database(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(count(copy, 'SELECT COUNT(*) FROM events')).toBeGreaterThanOrEqual(before);
    copy.close();
    expect(halfBatches(target)).toBe(0);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    db.close();
  });

  it('refuses to overwrite an existing file unless forced', async () => {
    const { db } = await populated('small.sqlite', 5);
    const target = path.join(dir, 'exists.sqlite');
    fs.writeFileSync(target, 'keep me');
    await expect(backupDatabase(db, target)).rejects.toThrow(/already exists/);
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me');
    await backupDatabase(db, target, { force: true });
    expect(verifyBackup(target)).toContain(1);
    db.close();
  });
});

describe('restore', () => {
  it('refuses a corrupt file, a non-database and a foreign database, changing nothing', async () => {
    const { db, file } = await populated('source.sqlite', 200);
    const good = path.join(dir, 'good.sqlite');
    await backupDatabase(db, good);
    db.close();
    const corrupt = path.join(dir, 'corrupt.sqlite');
    const bytes = fs.readFileSync(good);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6); // garble some b-tree pages, keep the header
    fs.writeFileSync(corrupt, bytes);
    const text = path.join(dir, 'notes.sqlite');
    fs.writeFileSync(text, 'these are not the pages you are looking for\n'.repeat(200));
    const foreign = path.join(dir, 'foreign.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE t (x)');
    other.close();

    const target = openDatabase(path.join(dir, 'target.sqlite'));
    await buildUser(target, { username: 'target-only' });
    const targetFile = target.name;
    target.close();
    await expect(restoreDatabase(corrupt, targetFile, { force: true })).rejects.toThrow(/corrupt|malformed|not a usable/);
    await expect(restoreDatabase(text, targetFile, { force: true })).rejects.toThrow(/not a (usable SQLite )?database|cannot be opened/);
    await expect(restoreDatabase(foreign, targetFile, { force: true })).rejects.toThrow(/not a CCB Studio database/);
    await expect(restoreDatabase(good, targetFile)).rejects.toThrow(/pass --force/);
    const still = openDatabase(targetFile);
    expect(count(still, "SELECT COUNT(*) FROM users WHERE username = 'target-only'")).toBe(1);
    still.close();
    expect(file).toBeTruthy();
  });

  it('replaces the target atomically, also under an open connection (a running server)', async () => {
    const { db } = await populated('orig.sqlite', 50);
    const good = path.join(dir, 'orig-backup.sqlite');
    await backupDatabase(db, good);
    db.close();
    const targetFile = path.join(dir, 'live-target.sqlite');
    const server = openDatabase(targetFile);
    await buildUser(server, { username: 'lost-after-restore' });
    await restoreDatabase(good, targetFile, { force: true });
    // the open connection sees the restored data, not a stale unlinked file
    expect(count(server, "SELECT COUNT(*) FROM users WHERE username = 'lost-after-restore'")).toBe(0);
    expect(count(server, "SELECT COUNT(*) FROM events WHERE entity_type = 'batch'")).toBe(100);
    expect(server.pragma('integrity_check', { simple: true })).toBe('ok');
    server.close();
  });

  it('works end to end through the CLI with clear messages and exit codes', async () => {
    const { db, file } = await populated('cli.sqlite', 20);
    db.close();
    const backupFile = path.join(dir, 'cli-backup.sqlite');
    const made = await runCli(['backup', backupFile, '--db', file]);
    expect(made.stderr + made.stdout).toMatch(/Backed up .* integrity ok/);
    expect(made.status).toBe(0);
    const bad = path.join(dir, 'cli-bad.sqlite');
    fs.writeFileSync(bad, 'garbage');
    const refused = await runCli(['restore', bad, '--db', path.join(dir, 'cli-restored.sqlite')]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^error: .*Nothing was changed\./m);
    expect(fs.existsSync(path.join(dir, 'cli-restored.sqlite'))).toBe(false);
    const restored = await runCli(['restore', backupFile, '--db', path.join(dir, 'cli-restored.sqlite')]);
    expect(restored.stdout).toMatch(/Restored .* integrity ok/);
    expect(restored.status).toBe(0);
    const check = new Database(path.join(dir, 'cli-restored.sqlite'), { readonly: true });
    expect(count(check, "SELECT COUNT(*) FROM events WHERE entity_type = 'batch'")).toBe(40);
    expect(count(check, "SELECT COUNT(*) FROM events WHERE action = 'database.restore' AND actor = 'cli'")).toBe(1);
    check.close();
  });

  it('refuses a backup whose schema differs from what this version expects, naming each difference', async () => {
    const { db } = await populated('schema.sqlite', 5);
    const good = path.join(dir, 'schema-good.sqlite');
    await backupDatabase(db, good);
    db.close();
    const broken = path.join(dir, 'schema-broken.sqlite');
    fs.copyFileSync(good, broken);
    const edit = new Database(broken);
    edit.exec(`DROP TRIGGER events_no_delete;
      DROP TABLE task_ids;
      DROP INDEX events_action;
      CREATE INDEX events_action ON events(actor);
      CREATE TRIGGER sneaky AFTER INSERT ON users BEGIN SELECT 1; END;`);
    edit.close();
    expect(verifyBackup(good)).toContain(1);

    const targetFile = path.join(dir, 'schema-target.sqlite');
    const target = openDatabase(targetFile);
    await buildUser(target, { username: 'still-here' });
    target.close();
    const refusal = restoreDatabase(broken, targetFile, { force: true });
    await expect(refusal).rejects.toThrow(/schema differs/);
    await expect(refusal).rejects.toThrow(/missing trigger events_no_delete/);
    await expect(refusal).rejects.toThrow(/missing table task_ids/);
    await expect(refusal).rejects.toThrow(/index events_action differs/);
    await expect(refusal).rejects.toThrow(/unexpected trigger sneaky/);
    const still = openDatabase(targetFile);
    expect(count(still, "SELECT COUNT(*) FROM users WHERE username = 'still-here'")).toBe(1);
    still.close();

    const cli = await runCli(['restore', broken, '--db', targetFile, '--force']);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/missing trigger events_no_delete.*Nothing was changed\./s);
  });

  it('refuses a backup whose recorded migrations are not this version’s, and accepts an older but intact one', async () => {
    const renamed = path.join(dir, 'schema-renamed.sqlite');
    const made = openDatabase(renamed);
    made.prepare("UPDATE schema_migrations SET name = '001_something_else' WHERE version = 1").run();
    made.pragma('journal_mode = DELETE');
    made.close();
    await expect(restoreDatabase(renamed, path.join(dir, 'schema-t2.sqlite'))).rejects.toThrow(/migration 1 is "001_something_else" in the backup but "001_init"/);

    // a backup made before the later migrations existed: its schema is what migration 1 alone makes
    const older = path.join(dir, 'schema-older.sqlite');
    const old = new Database(older);
    migrate(old, listMigrations().filter((m) => m.version === 1));
    old.close();
    const restoredFile = path.join(dir, 'schema-from-older.sqlite');
    await restoreDatabase(older, restoredFile);
    const restored = openDatabase(restoredFile);
    expect(restored.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(listMigrations().map((m) => m.version));
    restored.close();
  });
});
