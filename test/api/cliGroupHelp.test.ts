import { describe, expect, it } from 'vitest';
import { commands } from '../../server/cli/commands';
import { runCli } from '../support/cli';

// Every group of commands ("runs", "pilots", "suggestions", …) answers --help with its own
// subcommands, so someone exploring one part of the CLI is not told the group is unknown.
const groups = [...new Set(commands.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!))];

describe('CLI command groups', () => {
  it('has groups to check', () => {
    expect(groups).toEqual(expect.arrayContaining(['runs', 'pilots', 'suggestions', 'users', 'batches']));
  });

  it.each(groups)('"%s --help" lists each of its subcommands and exits 0', async (group) => {
    const res = await runCli([group, '--help']);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`Usage: npm run cli -- ${group} <subcommand> [options]`);
    for (const c of commands.filter((c) => c.name.startsWith(`${group} `))) expect(res.stdout).toContain(c.name);
    expect(res.stdout).not.toContain('Unknown');
  });

  it('a group alone lists its subcommands on stderr and exits 2 (nothing was run)', async () => {
    const res = await runCli(['suggestions']);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('suggestions import');
  });

  it('an unknown subcommand names itself and lists the group', async () => {
    const res = await runCli(['runs', 'frobnicate']);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Unknown subcommand "runs frobnicate"');
    expect(res.stderr).toContain('runs import');
  });

  it('a subcommand\'s own --help is unchanged', async () => {
    const res = await runCli(['runs', 'report', '--help']);
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^Usage: npm run cli -- runs report /);
  });
});
