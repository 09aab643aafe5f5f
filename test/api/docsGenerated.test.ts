import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchMarkdown, expectedDocs, ROOT, withGenerated } from '../docs/generated';
import { runCli } from '../support/cli';

describe('generated documentation', () => {
  it('docs/cli.md and the table in docs/performance.md are what `npm run docs` writes now', async () => {
    for (const [file, content] of await expectedDocs()) {
      expect(fs.readFileSync(file, 'utf8'), `${path.relative(ROOT, file)} is stale: run npm run docs`).toBe(content);
    }
  });

  it('docs/cli.md holds every command\'s own --help', async () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
    const { stdout } = await runCli(['runs', 'import', '--help']);
    expect(doc).toContain(stdout.trimEnd());
    expect(doc).toContain('## pilots export');
  });

  it('the performance table comes from results.json and replaces only what lies between the markers', () => {
    const table = benchMarkdown();
    expect(table).toMatch(/^\| scenario \| median \| baseline \| ratio \| target \| pass \|$/m);
    expect(table).toMatch(/\d+\/\d+ targets met; `npm run bench` took \d+ s on \d{4}-\d{2}-\d{2}/);
    expect(withGenerated('before\n<!-- generated:bench -->\nold\n<!-- /generated:bench -->\nafter', 'bench', 'new')).toBe(
      'before\n<!-- generated:bench -->\n\nnew\n\n<!-- /generated:bench -->\nafter',
    );
    expect(() => withGenerated('no markers', 'bench', 'new')).toThrow('the markers <!-- generated:bench --> … <!-- /generated:bench --> are missing');
  });
});

describe('users add --help', () => {
  it('names every role, the pilot role included', async () => {
    const { status, stdout } = await runCli(['users', 'add', '--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('--role annotator|adjudicator|maintainer|pilot ');
    const missing = await runCli(['users', 'add', 'newcomer']);
    expect(missing.stderr).toBe('error: --role is required (annotator, adjudicator, maintainer, pilot)\n');
  });
});
