import { describe, expect, it } from 'vitest';
import { barChart, CHAR_EM, releaseCharts } from '../../shared/release/charts';
import { croissant } from '../../shared/release/croissant';
import { serializeRecord, type ReleaseRecord } from '../../shared/release/format';
import { releaseStats } from '../../shared/release/stats';
import { DEFAULT_RELEASE_SETTINGS, releaseSettings, releaseVersion, SEMVER, versionFromName, withDefaults } from '../../shared/schemas/releaseSettings';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../../shared/taxonomy';
import { CroissantReadError, readCroissantRecords } from '../support/croissantReader';

describe('release versions', () => {
  it('map version-like names to MAJOR.MINOR.PATCH and everything else to 0.1.0, unless a version is given', () => {
    expect(['v1.1', 'V2', '1.2.3', 'v0.9', '10'].map(versionFromName)).toEqual(['1.1.0', '2.0.0', '1.2.3', '0.9.0', '10.0.0']);
    expect(['snapshot', 'v1.1-rc1', '1.2.3.4', 'v01', ''].map(versionFromName)).toEqual([null, null, null, null, null]);
    expect(releaseVersion('snapshot')).toBe('0.1.0');
    expect(releaseVersion('v1.1')).toBe('1.1.0');
    expect(releaseVersion('v1.1', '2.0.1')).toBe('2.0.1');
    for (const v of ['1.1.0', '0.1.0', '10.20.30']) expect(SEMVER.test(v)).toBe(true);
    for (const v of ['v1.1', 'snapshot', '1.1', '01.1.0']) expect(SEMVER.test(v)).toBe(false);
  });
});

describe('release settings', () => {
  it('default to license other naming MIT for annotations and LiveCodeBench terms for statements, and fill missing keys', () => {
    expect(DEFAULT_RELEASE_SETTINGS).toMatchObject({ license: 'other', licenseName: 'mit-and-livecodebench-terms' });
    expect(DEFAULT_RELEASE_SETTINGS.licenseStatement).toMatch(/MIT license.*LiveCodeBench/s);
    expect(DEFAULT_RELEASE_SETTINGS.authors).toBe('');
    expect(withDefaults({ contact: 'x@example.org' })).toEqual({ ...DEFAULT_RELEASE_SETTINGS, contact: 'x@example.org' });
    expect(withDefaults({ license: 'Not A License!' })).toEqual(DEFAULT_RELEASE_SETTINGS);
  });

  it('name the bad field', () => {
    const bad = releaseSettings.safeParse({ ...DEFAULT_RELEASE_SETTINGS, licenseLink: 'javascript:alert(1)' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['licenseLink']);
    expect(releaseSettings.safeParse({ ...DEFAULT_RELEASE_SETTINGS, license: 'MIT License' }).error!.issues[0]!.path).toEqual(['license']);
  });
});

describe('taxonomy', () => {
  it('keeps the 11 names the keywords use and defines each as what the requirement leaves open', () => {
    expect(AMBIGUITY_TYPES).toHaveLength(11);
    expect(Object.keys(TYPE_DEFINITIONS)).toEqual([...AMBIGUITY_TYPES]);
    // The benchmark's meaning: tie-breaking and stability, not strict vs non-strict inequality.
    expect(TYPE_DEFINITIONS['Comparison Rules']).toMatch(/ties/);
    expect(TYPE_DEFINITIONS['Ordering & Atomicity']).toMatch(/indivisible/);
    expect(TYPE_DEFINITIONS['Numerical Precision']).toMatch(/tolerance/);
    expect(TYPE_DEFINITIONS['String & Localization']).toMatch(/encoding/);
  });
});

/** Every drawn element's box, with text widths estimated more generously than the chart does. */
function boxes(svg: string): { what: string; x0: number; y0: number; x1: number; y1: number }[] {
  const out = [];
  const body = svg.replace(/<title[^>]*>.*?<\/title>|<desc[^>]*>.*?<\/desc>/gs, '');
  const fontSize = Number(/<svg[^>]* font-size="(\d+)"/.exec(svg)![1]);
  for (const m of body.matchAll(/<rect([^>]*?)\/?>/g)) {
    const attr = (n: string) => Number(new RegExp(` ${n}="([\\d.]+)"`).exec(m[1]!)?.[1] ?? 0);
    out.push({ what: m[0], x0: attr('x'), y0: attr('y'), x1: attr('x') + attr('width'), y1: attr('y') + attr('height') });
  }
  for (const m of body.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const attr = (n: string) => new RegExp(` ${n}="([^"]+)"`).exec(m[1]!)?.[1];
    const size = Number(attr('font-size') ?? fontSize);
    const chars = m[2]!.replace(/&#\d+;/g, '_').length;
    const w = chars * (CHAR_EM + 0.02) * size;
    const x = Number(attr('x'));
    const y = Number(attr('y'));
    const x0 = attr('text-anchor') === 'end' ? x - w : x;
    // Ascent about 0.8 em above the baseline, descent 0.25 em below.
    out.push({ what: m[0], x0, y0: y - 0.8 * size, x1: x0 + w, y1: y + 0.25 * size });
  }
  return out;
}

describe('charts', () => {
  const records: ReleaseRecord[] = [
    { task_id: 'task_1', question_id: 'p1', keywords: ['Ordering & Atomicity', 'String & Localization'], modified_content: 'a', qa_pairs: [{ question: 'q', answer: 'a' }, { question: 'q2', answer: 'a2' }] },
    { task_id: 'task_2', question_id: 'p1', keywords: ['Units'], modified_content: 'b', qa_pairs: [{ question: 'q', answer: 'a' }] },
  ];
  const charts = releaseCharts(releaseStats(records, [{ questionId: 'p1', platform: 'atcoder', contestDate: '2025-01-01', difficulty: 'easy' }]));

  it('have a root <title> and <desc> naming the population they count', () => {
    const k = charts['charts/k-distribution.svg']!;
    expect(k).toMatch(/^<svg [^>]*role="img" aria-labelledby="chart-title chart-desc"[^>]*>\n {2}<title id="chart-title">Tasks by number of ambiguity points \(K\)<\/title>\n {2}<desc id="chart-desc">The 2 tasks of the release by K/);
    expect(k).toContain('K = 1: 1 (50.0%); K = 2: 1 (50.0%); K = 3: 0 (0.0%).</desc>');
    expect(charts['charts/type-distribution.svg']).toContain('<desc id="chart-desc">The 3 keywords of the release&#39;s 2 tasks by type');
  });

  it('draw every element inside the viewBox, at the chart size (K chart, type chart, long labels and values)', () => {
    const wide = barChart('A very long chart title that is much wider than the bars below it, on purpose', [{ label: 'x'.repeat(40), count: 123456789 }, { label: 'y', count: 1 }], { valueSuffix: () => ' (100.0% of everything)' });
    for (const svg of [...Object.values(charts), wide]) {
      const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number);
      expect(svg).toContain(`width="${w}" height="${h}"`);
      for (const b of boxes(svg)) {
        expect(b.x0, b.what).toBeGreaterThanOrEqual(0);
        expect(b.y0, b.what).toBeGreaterThanOrEqual(0);
        expect(b.x1, b.what).toBeLessThanOrEqual(w!);
        expect(b.y1, b.what).toBeLessThanOrEqual(h!);
      }
    }
  });
});

describe('Croissant records', () => {
  const records: ReleaseRecord[] = [
    { task_id: 'task_1', question_id: 'p1', keywords: ['Units', 'Behavior'], modified_content: 'Read N — “quoted”.', qa_pairs: [{ question: 'Q1?', answer: 'A1.' }, { question: 'Q2?', answer: 'A2.' }] },
    { task_id: 'task_2', question_id: 'p2', keywords: ['Units'], modified_content: 'x', qa_pairs: [{ question: 'Q3?', answer: 'A3.' }] },
  ];
  const jsonl = records.map((r) => `${serializeRecord(r)}\n`).join('');
  const meta = (extended = false) => croissant({ name: 'ClarifyCodeBench v2', description: 'd', version: '2.0.0', jsonlSha256: 'cd'.repeat(32), extended, datePublished: '2026-12-01', license: 'https://example.org/l' });

  it('are read by columns of the JSON Lines table, nested qa pairs by a JSONPath transform, equal to the file field for field', () => {
    const read = readCroissantRecords(meta(), new Map([['ClarifyCodeBench.jsonl', jsonl]]), 'tasks');
    expect(read).toEqual(records);
    const fields = (meta().recordSet as { field: { source?: unknown; subField?: { source: unknown }[] }[] }[])[0]!.field;
    expect(fields[0]!.source).toEqual({ fileObject: { '@id': 'jsonl-file' }, extract: { column: 'task_id' } });
    expect(fields[4]!.subField![0]!.source).toEqual({ fileObject: { '@id': 'jsonl-file' }, extract: { column: 'qa_pairs' }, transform: { jsonPath: 'question' } });
  });

  it('of an extended release include each qa pair type', () => {
    const typed = records.map((r) => ({ ...r, qa_pairs: r.qa_pairs.map((q) => ({ ...q, type: 'Units' })) }));
    const read = readCroissantRecords(meta(true), new Map([['ClarifyCodeBench.jsonl', typed.map((r) => `${serializeRecord(r)}\n`).join('')]]), 'tasks');
    expect(read).toEqual(typed);
  });

  it('cannot be read through fields that extract by jsonPath (what mlcroissant refused) or name a missing column', () => {
    const old = meta();
    const set = (old.recordSet as { field: { source?: { extract: Record<string, string> } }[] }[])[0]!;
    set.field[0]!.source!.extract = { jsonPath: '$.task_id' };
    expect(() => readCroissantRecords(old, new Map([['ClarifyCodeBench.jsonl', jsonl]]), 'tasks')).toThrow(new CroissantReadError('Column "$.task_id" does not exist (field tasks/task_id)'));
    set.field[0]!.source!.extract = { column: 'id' };
    expect(() => readCroissantRecords(old, new Map([['ClarifyCodeBench.jsonl', jsonl]]), 'tasks')).toThrow(/Column "id" does not exist/);
  });

  it('carry a semantic version, the cut date, the license and the citation with eprint, archivePrefix and primaryClass', () => {
    const m = meta();
    expect(m).toMatchObject({ version: '2.0.0', datePublished: '2026-12-01', license: 'https://example.org/l', name: 'ClarifyCodeBench v2' });
    expect(m.citeAs).toMatch(/eprint\s+= \{2607\.00711\},\n\s+archivePrefix = \{arXiv\},\n\s+primaryClass\s+= \{cs\.SE\}/);
  });
});
