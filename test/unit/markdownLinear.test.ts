/**
 * The Markdown parser is linear in its input: hostile guidelines (200,000 "[" fit the size limit)
 * must render. Measured as a ratio of times between sizes ×8 apart: 8 if linear, 64 if quadratic;
 * the bound sits between them (24), three times above linear, since a loaded machine (CI runs the
 * browser tests beside this one on two cores) has pushed a ×4 ratio from 4 to 6.7. A run
 * parses as many different texts of the size (V8 caches the results of splitting and replacing
 * in one same string) as the smaller size needs for 30 ms, so that no run lasts a fraction of a
 * millisecond; each size takes the fastest of 5 interleaved runs, since on a loaded machine a run
 * is only ever slowed (another process, a garbage collection), never sped up.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../client/src/markdown/parse';
import { MAX_GUIDELINES_MARKDOWN } from '../../shared/guidelines/view';

function run(texts: readonly string[]): number {
  const t0 = performance.now();
  for (const text of texts) parseMarkdown(text);
  return performance.now() - t0;
}

function timeRatio(make: (n: number) => string, small: number, large: number, runs = 5): number {
  const variants = (n: number, count: number) => Array.from({ length: count }, (_, k) => `${make(n)} ${k}`);
  let count = 1;
  while (run(variants(small, count)) < 30 && count < 2_000) count *= 2;
  const texts = [variants(small, count), variants(large, count)];
  const fastest = [Infinity, Infinity];
  for (let r = 0; r < runs; r++) texts.forEach((t, k) => (fastest[k] = Math.min(fastest[k]!, run(t))));
  return fastest[1]! / fastest[0]!;
}

const SHAPES: [string, (n: number) => string][] = [
  ['"[" repeated', (n) => '['.repeat(n)],
  ['"[a](" repeated', (n) => '[a]('.repeat(n / 4)],
  ['"![" repeated', (n) => '!['.repeat(n / 2)],
  ['"**" and "_" repeated', (n) => '**_'.repeat(n / 3)],
  ['a heading of spaces', (n) => `# a${' '.repeat(n)}b`],
  ['a table rule of spaces', (n) => `| a |\n|${' '.repeat(n)}x`],
];

describe('markdown parser on hostile text', () => {
  it('"[" repeated: 80k take at most 24 times as long as 10k', () => {
    // Load only ever inflates a ratio: the best of three measurements (a quadratic parser gives 64 every time).
    const ratios = [0, 1, 2].map(() => timeRatio((n) => '['.repeat(n), 10_000, 80_000));
    expect(Math.min(...ratios)).toBeLessThanOrEqual(24);
  });

  // Quadratic, each of these took minutes at the guidelines' size limit: within the test's time-out they are not.
  it.each(SHAPES)('%s: parses at the size limit (200,000 characters)', (_, make) => {
    const blocks = parseMarkdown(make(MAX_GUIDELINES_MARKDOWN));
    expect(blocks.length).toBeGreaterThan(0);
  });

  it('200,000 "[" are one paragraph of text', () => {
    const text = '['.repeat(MAX_GUIDELINES_MARKDOWN);
    expect(parseMarkdown(text)).toEqual([{ kind: 'paragraph', children: [{ kind: 'text', text }] }]);
  });

  it('a link nested deeper than a link may go shows its inner label as text', () => {
    const nested = `${'['.repeat(12)}x${'](u)'.repeat(12)}`;
    const blocks = parseMarkdown(nested);
    expect(blocks).toHaveLength(1);
    expect(JSON.stringify(blocks)).toContain('"text":"[[[x](u)](u)](u)"');
  });
});
