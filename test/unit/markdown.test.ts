import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../client/src/markdown/Markdown';
import { parseMarkdown, safeHref } from '../../client/src/markdown/parse';

const html = (source: string, linkBase: string | null = null) => renderToStaticMarkup(createElement(Markdown, { source, linkBase }));

describe('markdown subset', () => {
  it('renders headings, paragraphs, lists, tables, code and emphasis', () => {
    const source = [
      '# Title',
      '',
      'Some **bold** and *em* and `code` text,',
      'continued on a second line.',
      '',
      '- one',
      '- two with _em_',
      '',
      '1. first',
      '2. second',
      '',
      '| figure | value |',
      '|---|--:|',
      '| tasks | 10 |',
      '',
      '```bibtex',
      '@misc{x, title={A & B}}',
      '```',
      '',
      '---',
    ].join('\n');
    expect(html(source)).toBe(
      '<div class="markdown"><h1>Title</h1><p>Some <strong>bold</strong> and <em>em</em> and <code>code</code> text, continued on a second line.</p>' +
        '<ul><li>one</li><li>two with <em>em</em></li></ul><ol><li>first</li><li>second</li></ol>' +
        '<table><thead><tr><th>figure</th><th>value</th></tr></thead><tbody><tr><td>tasks</td><td>10</td></tr></tbody></table>' +
        '<pre data-lang="bibtex"><code>@misc{x, title={A &amp; B}}</code></pre><hr/></div>',
    );
  });

  it('shows front matter as a YAML code block and keeps snake_case words whole', () => {
    expect(parseMarkdown('---\nlicense: cc-by-4.0\n---\nSee task_id and qa_pairs.')).toEqual([
      { kind: 'code', lang: 'yaml', text: 'license: cc-by-4.0' },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'See task_id and qa_pairs.' }] },
    ]);
  });

  it('keeps raw HTML as text: no element is ever made from it', () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> **<b>x</b>**\n\n| <iframe> |\n|---|\n| <svg onload=alert(1)> |');
    expect(out).not.toMatch(/<(script|img|iframe|svg|b)\b/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<strong>&lt;b&gt;x&lt;/b&gt;</strong>');
  });

  it('links only http(s) targets; javascript:, data: and disguised schemes stay text', () => {
    const out = html(
      '[ok](https://example.org/a?b=1) [js](javascript:alert(1)) [tab](java\tscript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](VBScript:x) [rel](//evil.example/x) [mail](mailto:a@b.c)',
    );
    expect(out.match(/href="[^"]*"/g)).toEqual(['href="https://example.org/a?b=1"']);
    expect(out).toContain('>ok</a>');
    for (const text of ['js', 'tab', 'data', 'vb', 'rel', 'mail']) expect(out).toContain(` ${text}`);
    expect(out).not.toMatch(/javascript|vbscript|data:text/i);
    // a target's own parentheses belong to it: nothing of it leaks into the text
    expect(html('see [here](javascript:alert(2)) now')).toBe('<div class="markdown"><p>see here now</p></div>');
  });

  it('links relative paths under the given base only, never upwards, and never loads images', () => {
    expect(safeHref('charts/k.svg', '/api/releases/v1/files/')).toBe('/api/releases/v1/files/charts/k.svg');
    expect(safeHref('../../users', '/api/releases/v1/files/')).toBeNull();
    expect(safeHref('/api/users', '/api/releases/v1/files/')).toBeNull();
    expect(safeHref('charts/k.svg', null)).toBeNull();
    const out = html('![Tasks by K](charts/k.svg) ![x](javascript:alert(1))', '/api/releases/v1/files/');
    expect(out).toContain('<a href="/api/releases/v1/files/charts/k.svg" rel="noopener noreferrer nofollow" class="md-image">[image: Tasks by K]</a>');
    expect(out).not.toContain('<img');
    expect(out).toContain('[image: x]');
    expect(out).not.toContain('javascript');
  });

  it('survives unbalanced markers and a fence that never closes', () => {
    expect(html('**open [link( `tick')).toBe('<div class="markdown"><p>**open [link( `tick</p></div>');
    expect(html('```\n<script>x</script>')).toBe('<div class="markdown"><pre><code>&lt;script&gt;x&lt;/script&gt;</code></pre></div>');
  });
});
