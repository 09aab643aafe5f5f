import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRawSqlLine, rawSqlLines } from '../docs/rawSql';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Tests set up and read state through the builders and named db/ functions, so one column rename
 * does not ripple through a hundred files. The ceiling only goes down: lower it whenever a test
 * file moves to builders (`npx tsx test/docs/rawSql.ts` lists the files with the most raw SQL).
 * The goal is 150 lines: what is left then is about SQL itself (migrations, triggers, recovery).
 * (424 when it was set; the judge audit, pass@1 padding, findings, skip, pilot-timing, sandbox and publishing tests
 * written beside it brought 65 lines more; 489 when the builders and state readers moved to named db/ functions
 * and the tests to them: 365; the commit-group test's 7, about transactions themselves, and one line of the
 * pages' tests written beside it: 373; the tests, test worlds and bench data moved to named db/ functions: 138, what is
 * left is about SQL itself, bare-SELECT bench baselines, or stored values damaged on purpose.)
 */
const CEILING = 138;

describe('raw SQL in the tests', () => {
  it(`stays at or below ${CEILING} lines`, () => {
    const total = rawSqlLines(ROOT).reduce((n, f) => n + f.lines, 0);
    expect(total).toBeLessThanOrEqual(CEILING);
  });

  it('counts a line whose string starts with a statement, and nothing else', () => {
    expect(isRawSqlLine("run(db, 'UPDATE users SET active = 0');")).toBe(true);
    expect(isRawSqlLine('  `SELECT a.id FROM annotations a')).toBe(true);
    expect(isRawSqlLine("expect(res.body.error.message).toMatch(/Select a release/);")).toBe(false);
    expect(isRawSqlLine("const label = 'Delete the file first.';")).toBe(false);
    expect(isRawSqlLine("'DELETE /api/users/:username/login-lock': ['user.unlock'],")).toBe(false);
    expect(isRawSqlLine("run(db, 'DELETE FROM sessions');")).toBe(true);
  });
});
