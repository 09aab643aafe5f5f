import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/db';

// The promise rules of `npm run lint` (.oxlintrc.json, run by oxlint with type information) fail
// a promise nobody awaits and an async function handed to a caller that ignores what it returns.
// The snippets are files of a small project of their own, checked with the repository's config and
// tsconfig base, and with its node_modules for React's types.
const ROOT = path.resolve(import.meta.dirname, '../..');
const OXLINT = path.join(path.dirname(createRequire(import.meta.url).resolve('oxlint/package.json')), 'bin', 'oxlint');

interface Diagnostic {
  filename: string;
  code?: string;
  labels: { span: { line: number } }[];
}

function lint(files: Record<string, string>): string[] {
  const dir = tempDir('ccb-lint-');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const tsconfig = { extends: path.join(ROOT, 'tsconfig.base.json'), compilerOptions: { lib: ['ES2023', 'DOM', 'DOM.Iterable'] }, include: ['.'] };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), code);
  // The files by name: a whole-folder run would also walk the linked node_modules.
  const run = spawnSync(process.execPath, [OXLINT, '-c', path.join(ROOT, '.oxlintrc.json'), '--type-aware', '--format', 'json', ...Object.keys(files)], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[]; number_of_files: number };
  expect(report.number_of_files).toBe(Object.keys(files).length);
  expect(run.status).toBe(report.diagnostics.length > 0 ? 1 : 0);
  return report.diagnostics.map((d) => `${d.filename}:${d.labels[0]?.span.line}:${d.code}`).sort();
}

describe('lint checks promises with type information', () => {
  it('fails a promise left floating and async functions where nothing waits for them; passes one awaited or dropped with void', () => {
    const save = 'async function save(): Promise<void> {}\n';
    const hits = lint({
      'handler.tsx': `${save}export function Save() { return <button onClick={async () => { await save(); }}>Save</button>; }\n`,
      'floating.ts': `${save}export function later() {\n  save();\n}\n`,
      'each.ts': `${save}export function all(ids: string[]) {\n  ids.forEach(async () => { await save(); });\n  if (save()) return;\n}\n`,
      'fine.ts': `${save}export async function now() {\n  await save();\n  void save();\n}\n`,
    });
    expect(hits).toEqual([
      'each.ts:3:typescript(no-misused-promises)',
      'each.ts:4:typescript(no-misused-promises)',
      'floating.ts:3:typescript(no-floating-promises)',
      'handler.tsx:2:typescript(no-misused-promises)',
    ]);
  });
});
