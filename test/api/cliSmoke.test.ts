import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../server/cli/commands';
import { DEMO_ANNOTATIONS, DEMO_PROBLEMS } from '../../server/seed';
import { spawnCli, type CliResult } from '../support/cli';
import { tempDir } from '../support/db';

// Every other CLI test calls runCli in process; this file runs each command once as a real
// process (the build in dist/, as `npm run cli` runs it), for the entry point: streams and exit code.
const dir = tempDir('ccb-cli-smoke-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const db = path.join(dir, 'smoke.sqlite');
const pw = path.join(dir, 'pw.txt');
fs.writeFileSync(pw, 'correct-horse-battery\n');
const notARelease = path.join(dir, 'not-a-release.jsonl');
fs.writeFileSync(notARelease, '{"x":1}\n');

interface Smoke {
  args: string[];
  status: number;
  out?: RegExp;
  err?: RegExp;
}

/** Each command once; those before the first `then` build the database the others read. */
const first: Smoke[] = [
  { args: ['import-lcb', DEMO_PROBLEMS, '--db', db], status: 0, out: /^imported 8 problems: 8 new/, err: /Reading: 100%/ },
  { args: ['users', 'add', 'mara', '--role', 'maintainer', '--password-file', pw, '--db', db], status: 0, out: /^created maintainer mara\n$/ },
  { args: ['import-annotations', DEMO_ANNOTATIONS, '--db', db], status: 0, out: /10 annotations: 10 created/ },
  { args: ['assign', '--auto', '--db', db], status: 0, out: /^assigned \d+ problems/ },
  { args: ['backup', path.join(dir, 'copy.sqlite'), '--db', db], status: 0, out: /^Backed up .* integrity ok/ },
];
const then: Smoke[] = [
  { args: ['restore', path.join(dir, 'copy.sqlite'), '--db', path.join(dir, 'restored.sqlite')], status: 0, out: /^Restored .*\(4 users, 8 problems, integrity ok\)/ },
  { args: ['users', 'list', '--db', db], status: 0, out: /mara\s+maintainer\s+yes/ },
  { args: ['users', 'password', 'mara', '--password-file', pw, '--db', db], status: 0, out: /^changed the password of mara\n$/ },
  { args: ['agreement', '--json', '--db', db], status: 0, out: /^\{\n {2}"problems": \d+/ },
  { args: ['export', '--out', path.join(dir, 'out'), '--db', db], status: 1, err: /^error: There is nothing to release/ },
  { args: ['validate', notARelease], status: 1, out: /schema/ },
  { args: ['import-release', notARelease, '--db', db], status: 1, err: /line 1: /m },
  { args: ['diff-release', notARelease, notARelease], status: 1, err: /^error: .*line 1: task_id/ },
  { args: ['runs', 'import', notARelease, '--model', 'm1', '--release', 'nope', '--db', db], status: 1, err: /No release named "nope"/ },
  { args: ['runs', 'report', '--db', db], status: 0, out: /^no runs stored/ },
  { args: ['runs', 'task-scores', '--model', 'm1', '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'judge-check', '--model', 'm1', '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'tables', '--table', '3', '--format', 'csv', '--db', db], status: 0, out: /^model,pass1_complete_pct,pass1_interactive_pct,delta_points,tkqr,ora\r\n$/ },
  { args: ['runs', 'export', '--model', 'm1', '--out', path.join(dir, 'm1.jsonl'), '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'flag', 'task_1', '--reason', 'why', '--db', db], status: 1, err: /^error: No run covers task "task_1"/ },
  { args: ['runs', 'export-lcb', '--model', 'm1', '--out', path.join(dir, 'm1.json'), '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'import-pass1', notARelease, '--model', 'm1', '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'audit', 'create', '--model', 'm1', '--size', '5', '--seed', '1', '--name', 'a1', '--db', db], status: 1, err: /^error: No run of model "m1"/ },
  { args: ['runs', 'audit', 'report', '--name', 'a1', '--db', db], status: 1, err: /^error: No judge audit named "a1"/ },
  { args: ['pilots', 'create', '--study', 's1', '--release', 'nope', '--pilots', 'mara', '--db', db], status: 1, err: /^error: pilots\.0: "mara" is not an active pilot account/ },
  { args: ['pilots', 'status', '--study', 's1', '--db', db], status: 1, err: /^error: No pilot study named "s1"/ },
  { args: ['pilots', 'export', '--study', 's1', '--out', path.join(dir, 'pilots'), '--db', db], status: 1, err: /^error: No pilot study named "s1"/ },
  { args: ['batches', 'list', '--db', db], status: 0, out: /^no batches yet/ },
  { args: ['batches', 'create', 'b1', '--problems', 'nope', '--due', '2030-01-31', '--db', db], status: 1, err: /^error: problems: there is no problem nope\./ },
  { args: ['suggestions', 'policy', '--db', db], status: 0, out: /^off\n$/ },
  { args: ['suggestions', 'import', notARelease, '--db', db], status: 1, err: /^line 1: question_id: /m },
  { args: ['suggestions', 'generate', '--problems', 'x', '--db', db], status: 1, err: /^error: generating suggestions needs CCB_LLM_BASE_URL and CCB_LLM_MODEL/ },
  { args: ['releases', 'publish', 'nope', '--db', db], status: 1, err: /^error: No release named "nope"/ },
  { args: ['pilots', 'export-lcb', '--study', 's1', '--out', path.join(dir, 'pilots'), '--db', db], status: 1, err: /^error: No pilot study named "s1"/ },
];

function expectSmoke(s: Smoke, res: CliResult): void {
  expect({ args: s.args.join(' '), status: res.status }).toEqual({ args: s.args.join(' '), status: s.status });
  if (s.out) expect(res.stdout).toMatch(s.out);
  if (s.err) expect(res.stderr).toMatch(s.err);
  if (s.status !== 0) expect(res.stderr).not.toMatch(/^\s+at /m); // no stack trace
}

describe('the CLI as a process', () => {
  it('runs every command once with its exit code, output on stdout and errors on stderr', async () => {
    // A smoke's command: the longest command name its leading words make (as the CLI dispatches).
    const nameOf = (args: string[]) => commands.map((c) => c.name).filter((n) => args.slice(0, n.split(' ').length).join(' ') === n).sort((a, b) => b.length - a.length)[0];
    const smoked = [...first, ...then].map((s) => nameOf(s.args));
    expect(smoked.sort()).toEqual(commands.map((c) => c.name).sort());
    for (const s of first) expectSmoke(s, await spawnCli(s.args));
    // The rest only read the database or fail before writing: two at a time.
    for (let i = 0; i < then.length; i += 2) {
      const batch = then.slice(i, i + 2);
      const results = await Promise.all(batch.map((s) => spawnCli(s.args)));
      batch.forEach((s, k) => expectSmoke(s, results[k]!));
    }
  }, 180_000);

  it('prints the help with exit 2 without a command', async () => {
    const res = await spawnCli([]);
    expect(res.status).toBe(2);
    expect(res.stdout).toMatch(/^Usage: npm run cli -- <command> \[options\]/);
  });
});
