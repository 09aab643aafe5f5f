import { describe, expect, it } from 'vitest';
import { dataCard, sizeCategory } from '../../shared/release/card';
import { barChart, releaseCharts } from '../../shared/release/charts';
import { croissant } from '../../shared/release/croissant';
import { releaseStats } from '../../shared/release/stats';
import { cardInput as input, cardProblems as problems, cardRecords as records } from '../support/cardInput';

describe('release statistics', () => {
  it('are computed from the records: K, keywords, lengths, dates and difficulty of the problems used', () => {
    const stats = releaseStats(records, problems);
    expect(stats.k).toEqual([{ label: '1', count: 3 }, { label: '2', count: 1 }, { label: '3', count: 0 }]);
    expect(stats.keywords).toEqual([{ label: 'Behavior', count: 2 }, { label: 'Units', count: 3 }]);
    expect(stats.keywordTotal).toBe(5);
    expect(stats.textLength).toEqual({ min: 2, median: 4.5, mean: 4.3, max: 6 });
    expect(stats.contestDates).toEqual({ from: '2025-01-05', to: '2025-02-01' });
    expect(stats.difficulty).toEqual([{ label: 'easy', count: 1 }, { label: 'hard', count: 1 }]);
    expect(stats.pointTypes).toBeNull();
  });

  it('count per-point types when the records carry them', () => {
    const typed = records.map((r) => ({ ...r, qa_pairs: r.qa_pairs.map((p, i) => ({ ...p, type: r.keywords[i] ?? r.keywords[0]! })) }));
    expect(releaseStats(typed, problems).pointTypes).toEqual([{ label: 'Behavior', count: 2 }, { label: 'Units', count: 3 }]);
  });
});

describe('data card', () => {
  it('opens with Hugging Face front matter pointing at the JSONL', () => {
    const card = dataCard(input());
    const front = card.split('\n---\n')[0]!;
    expect(front).toContain('license: other\nlicense_name: mit-and-livecodebench-terms\nlicense_link: "https://huggingface.co/datasets/livecodebench/code_generation_lite"');
    expect(front).toContain('language:\n- en');
    expect(front).toContain('task_categories:\n- text-generation');
    expect(front).toContain('size_categories:\n- n<1K');
    expect(front).toContain('pretty_name: "ClarifyCodeBench v2"');
    expect(front).toContain('configs:\n- config_name: default\n  data_files:\n  - split: test\n    path: ClarifyCodeBench.jsonl');
  });

  it('reports the figures, the taxonomy, provenance and checksum; agreement and effort when missing say so', () => {
    const card = dataCard(input());
    expect(card).toContain('| tasks | 4 |');
    expect(card).toContain('| 1 | 3 | 75.0% |');
    expect(card).toContain('| Units | 3 | 60.0% | 75.0% |');
    expect(card).toContain('Contest dates: 2025-01-05 to 2025-02-01.');
    expect(card).toContain('| Numerical Precision | The required precision, rounding, tolerance');
    expect(card).toContain('**Inter-annotator agreement.** Not available: none of the 2 released problems');
    expect(card).toContain('No time on task was recorded');
    expect(card).toContain('Continues: release `v1`');
    expect(card).toContain('tasks whose text was rewritten beyond deletions: 2');
    expect(card).toContain(`SHA-256 of \`ClarifyCodeBench.jsonl\`: \`${'ab'.repeat(32)}\``);
    expect(card).not.toContain('qa_pairs[].type');
    expect(card.endsWith('## Dataset Card Contact\n\nNot stated by the maintainers of this release.\n')).toBe(true);
  });

  it('quotes agreement figures and effort when available, and documents extended fields', () => {
    const card = dataCard(
      input({
        extended: true,
        agreement: {
          problems: 3,
          deletionPercent: { value: 0.9, n: 100 },
          deletionKappa: { value: 0.71234, n: 100 },
          pointF1: { value: 0.5 },
          typePercent: { value: null, reason: 'no aligned typed pairs' },
          typeKappa: { value: null, reason: 'no aligned typed pairs' },
          typeAlpha: { value: null, reason: 'no aligned typed pairs' },
        },
        effort: { annotations: 6, annotators: 3, totalMs: 5_400_000, medianMs: 900_000 },
      }),
    );
    expect(card).toContain("| deleted characters: Cohen's κ | 0.712 (n = 100) |");
    expect(card).toContain('| types of aligned points: percent agreement | undefined (no aligned typed pairs) |');
    expect(card).toContain('6 submitted annotation(s) by 3 annotator(s)');
    expect(card).toContain('1 h 30 min in total, 15 min median per annotation');
    expect(card).toContain('`qa_pairs[].type`');
    expect(card).toContain('`provenance`');
  });

  it("quotes each coefficient's 95% bootstrap interval, how it was made, undefined draws and a small-sample note", () => {
    const interval = (low: number | null, high: number | null, undefinedDraws = 0) => ({ seed: 24, draws: 1000, level: 0.95, low, high, undefinedDraws });
    const intervals = {
      'deletion.percent': interval(0.85, 0.95),
      'deletion.kappa': interval(0.61, 0.8049),
      'points.f1': interval(0.4, 0.6),
      'points.meanIoU': interval(0.7, 0.9),
      'types.percent': interval(0.5, 1, 12),
      'types.kappa': interval(-0.2, 1, 140),
      'types.alpha': interval(null, null, 1000),
      'counts.equal': interval(0.3, 1),
    };
    const agreement = {
      problems: 12,
      deletionPercent: { value: 0.9, n: 100 },
      deletionKappa: { value: 0.71234, n: 100 },
      pointF1: { value: 0.5, n: 20 },
      typePercent: { value: 0.75, n: 8 },
      typeKappa: { value: 0.5, n: 8 },
      typeAlpha: { value: null, reason: 'one type only', n: 8 },
      intervals,
      typePairs: 8,
    };
    const card = dataCard(input({ agreement }));
    expect(card).toContain("| deleted characters: Cohen's κ | 0.712 (n = 100; 95% CI [0.610, 0.805]) |");
    expect(card).toContain("| types of aligned points: Cohen's κ | 0.500 (n = 8; 95% CI [-0.200, 1.000]) |");
    expect(card).toContain("| types of aligned points: Krippendorff's α | undefined (one type only) |");
    expect(card).toContain('95% intervals: percentile bootstrap over the 12 problems (resampled with replacement, 1,000 draws, seed 24)');
    expect(card).toContain("Undefined draws (of 1,000): types of aligned points: percent agreement in 12; types of aligned points: Cohen's κ in 140; types of aligned points: Krippendorff's α in 1000.");
    expect(card).toContain('Small sample (fewer than 30 problems or matched typed pairs)');
    const large = dataCard(input({ agreement: { ...agreement, problems: 300, typePairs: 240 } }));
    expect(large).not.toContain('Small sample');
    expect(dataCard(input({ agreement }))).toBe(card);
  });

  it('is deterministic', () => {
    expect(dataCard(input())).toBe(dataCard(input()));
  });

  it('picks the Hugging Face size category', () => {
    expect([sizeCategory(419), sizeCategory(1000), sizeCategory(25_000)]).toEqual(['n<1K', '1K<n<10K', '10K<n<100K']);
  });
});

describe('charts and Croissant metadata', () => {
  it('draws one labelled bar per count, scaled to the largest, with labels escaped', () => {
    const svg = barChart('Types <test>', [{ label: 'A & B', count: 10 }, { label: 'C', count: 5 }]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Types &#60;test&#62;');
    expect(svg).toContain('>A &#38; B</text>');
    const widths = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([320, 160]);
  });

  it('writes the K and type charts the card links to', () => {
    const charts = releaseCharts(releaseStats(records, problems));
    expect(Object.keys(charts)).toEqual(['charts/k-distribution.svg', 'charts/type-distribution.svg']);
    expect(charts['charts/k-distribution.svg']).toContain('K = 2</text>');
    expect(charts['charts/type-distribution.svg']).toContain('>3 (60.0%)</text>');
  });

  it('describes the JSONL file and its fields as a Croissant 1.0 dataset', () => {
    const meta = croissant({ name: 'ClarifyCodeBench v2', description: 'd', version: '2.0.0', jsonlSha256: 'cd'.repeat(32), extended: false, datePublished: '2025-03-02', license: 'https://example.org/l' });
    expect(meta['@type']).toBe('sc:Dataset');
    expect(meta.conformsTo).toBe('http://mlcommons.org/croissant/1.0');
    expect(meta.distribution).toEqual([expect.objectContaining({ '@type': 'cr:FileObject', contentUrl: 'ClarifyCodeBench.jsonl', sha256: 'cd'.repeat(32), encodingFormat: 'application/jsonlines' })]);
    const fields = (meta.recordSet as { field: { name: string }[] }[])[0]!.field.map((f) => f.name);
    expect(fields).toEqual(['task_id', 'question_id', 'keywords', 'modified_content', 'qa_pairs']);
    expect(meta.datePublished).toBe('2025-03-02');
  });
});
