import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenReason, docFiles, linksOf, slug } from '../docs/links';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('links in README.md and docs/', () => {
  it('every relative link and image resolves: the file exists and an #anchor names a heading in it', () => {
    const files = docFiles(ROOT);
    expect(files.length).toBeGreaterThan(1);
    const broken = files.flatMap((file) =>
      linksOf(file, fs.readFileSync(file, 'utf8')).flatMap((link) => {
        const reason = brokenReason(link);
        return reason === null ? [] : [`${path.relative(ROOT, file)}:${link.line}: ${link.target} (${reason})`];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('the link check itself', () => {
  const file = path.join(ROOT, 'docs', 'example.md');
  const doc = ['# Running it for a team', '## `npm start` & the build', '## Notes', '## Notes', '<a id="kept"></a>', '```sh', '[in code](nowhere.md)', '```'].join('\n');

  it('makes GitHub anchors of headings, numbering repeats, and reads explicit ids', () => {
    expect(slug('Running it for a team')).toBe('running-it-for-a-team');
    expect(slug('`npm start` & the [build](x.md)')).toBe('npm-start--the-build');
    expect([...anchorsOf(doc)]).toEqual(['running-it-for-a-team', 'npm-start--the-build', 'notes', 'notes-1', 'kept']);
  });

  it('finds Markdown links, images and HTML attributes outside code, and skips external ones', () => {
    const text = '[a](one.md#x) ![b](img/b.png) <img src="c.png"> [web](https://example.org) `[code](not.md)`\n```\n[fenced](no.md)\n```';
    expect(linksOf(file, text).map((l) => l.target)).toEqual(['one.md#x', 'img/b.png', 'c.png']);
  });

  it('reports a missing file, a missing anchor and an anchor into a non-Markdown file', () => {
    const read = (f: string) => (f.endsWith('.md') ? doc : '');
    const at = (target: string) => brokenReason({ file: path.join(ROOT, 'README.md'), line: 1, target }, read);
    expect(at('docs/screenshots/queue.png')).toBeNull();
    expect(at('README.md#notes-1')).toBeNull();
    expect(at('#kept')).toBeNull();
    expect(at('docs/nowhere.md')).toBe('no such file: docs/nowhere.md');
    expect(at('README.md#notes-2')).toBe('no heading or id "notes-2" in README.md');
    expect(at('package.json#x')).toBe('#x points into a file that is not Markdown');
  });
});
