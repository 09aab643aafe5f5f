/**
 * Raw SQL in the tests: the lines of test/ where a string or template starts with an SQL statement
 * (what is passed to all/get/run/exec/prepare). Tests should set up and read state through the
 * builders (test/support/builders.ts) and the named db/ functions, so a column rename does not ripple
 * through them; raw SQL stays where the test is about SQL (migrations, triggers, recovery).
 *
 * `npx tsx test/docs/rawSql.ts` lists the files with the most such lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A route key ('DELETE /api/…') names an HTTP method, not a statement.
const SQL_STRING = /['"`]\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT)\s(?!\/)/;

/** Whether a line of a test holds raw SQL. */
export const isRawSqlLine = (line: string): boolean => SQL_STRING.test(line);

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'tmp' ? [] : tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Raw SQL lines per file of test/ (relative paths), most first. */
export function rawSqlLines(root: string): { file: string; lines: number }[] {
  // The counter and its own test hold statement text as examples, not as state.
  const selves = new Set([path.join(root, 'test', 'docs', 'rawSql.ts'), path.join(root, 'test', 'unit', 'rawSqlInTests.test.ts')]);
  return tsFiles(path.join(root, 'test'))
    .filter((f) => !selves.has(f))
    .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, 'utf8').split('\n').filter(isRawSqlLine).length }))
    .filter((f) => f.lines > 0)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const files = rawSqlLines(root);
  for (const f of files.slice(0, 40)) console.log(`${String(f.lines).padStart(4)}  ${f.file}`);
  console.log(`${files.reduce((n, f) => n + f.lines, 0)} raw SQL lines in ${files.length} test files`);
}
