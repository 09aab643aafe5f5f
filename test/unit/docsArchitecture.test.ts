import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeFiles, commentPaths, resolves } from '../docs/commentPaths';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARCHITECTURE = fs.readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
const codePaths = (text: string) => [...text.matchAll(/`((?:[\w.-]+\/)+[\w.*-]*)`/g)].map((m) => m[1]!);
const moduleFiles = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`);

describe('docs/architecture.md stays true', () => {
  it('names every db/ module', () => {
    expect(moduleFiles('db').filter((f) => !ARCHITECTURE.includes(`\`${f}\``))).toEqual([]);
  });

  it('names every API resource of shared/api/', () => {
    expect(moduleFiles('shared/api').filter((f) => !ARCHITECTURE.includes(`\`${f}\``))).toEqual([]);
  });

  it('gives each domain word of the glossary a code path', () => {
    const glossary = ARCHITECTURE.slice(ARCHITECTURE.indexOf('## Domain model'), ARCHITECTURE.indexOf('## Folders and flow'));
    const entries = glossary.split('\n- ').slice(1);
    expect(entries.length).toBeGreaterThan(15);
    expect(entries.filter((e) => codePaths(e).length === 0).map((e) => e.slice(0, 40))).toEqual([]);
    for (const word of ['Batch', 'Suggestion', 'Guidelines', 'Feedback', 'Discussion', 'flags', 'pass@1', 'TKQR', 'ORA']) expect(glossary).toContain(`**${word}**`);
  });

  it('names only source paths that exist (built and runtime files such as client/dist are not checked)', () => {
    const source = /^(server|client\/src|shared|db|scripts|test|docs)\//;
    const missing = codePaths(ARCHITECTURE).filter((p) => source.test(p) && !p.includes('*') && !fs.existsSync(path.join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});

describe('code comments', () => {
  const files = codeFiles(ROOT);

  it('mention only paths that exist, as the Markdown links of the docs', () => {
    const broken = files.flatMap((file) =>
      commentPaths(file, fs.readFileSync(file, 'utf8'))
        .filter((ref) => !resolves(ROOT, ref))
        .map((ref) => `${path.relative(ROOT, ref.file)}:${ref.line}: ${ref.target}`),
    );
    expect(broken).toEqual([]);
  });

  it('say the reason, never an "issue N" a reader of the code cannot see', () => {
    const citation = new RegExp(['\\b[Ii]ssues?', '[0-9]+'].join(' '));
    const cited = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (citation.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
    );
    expect(cited).toEqual([]);
  });

  it('the path reader finds paths in line, block and SQL comments, not in code or URLs', () => {
    const text = ['// see db/points.ts', 'const a = "db/nowhere.ts";', '/*', ' * and shared/edits.ts', ' */', '-- from db/runs.ts', '// https://example.org/a/b.ts'].join('\n');
    expect(commentPaths('x.ts', text).map((r) => `${r.line}:${r.target}`)).toEqual(['1:db/points.ts', '4:shared/edits.ts', '6:db/runs.ts']);
  });
});
