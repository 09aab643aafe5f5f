import fs from 'node:fs';
import path from 'node:path';
import { expectedDocs, ROOT } from './generated';

// `npm run docs`: rewrite the generated documentation (docs/cli.md, the table in docs/performance.md).
for (const [file, content] of await expectedDocs()) {
  const changed = !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content;
  if (changed) fs.writeFileSync(file, content);
  console.log(`${changed ? 'wrote    ' : 'unchanged'} ${path.relative(ROOT, file)}`);
}
