import { describe, expect, it } from 'vitest';
import { dataCard, type CardBaseline } from '../../shared/release/card';
import { emptyFailureTally } from '../../shared/runs/failures';
import { BASELINE_COLUMNS } from '../../shared/release/cardBaselines';
import { missingCardSettings } from '../../shared/release/cardSettings';
import { DEFAULT_RELEASE_SETTINGS, releaseSettings, type ReleaseSettings } from '../../shared/schemas/releaseSettings';
import { expectSections } from '../support/cardSections';
import { cardInput } from '../support/cardInput';
import { cardHeadings, expectTemplateLayout, TEMPLATE_HEADINGS } from '../support/datasetCardTemplate';
import { loadDatasetCard, readYaml } from '../support/hubDatasetCard';

const run = (model: string, tkqr: number | null, ora: number | null): CardBaseline['run'] => ({
  model,
  release_sha256: 'ab'.repeat(32),
  release: 'v2-candidate',
  source_file: `${model}.jsonl`,
  imported_at: '2026-11-30T10:00:00.000Z',
  imported_by: 'mara',
  kind: 'model',
  tasks: 4,
  unfinished: 1,
  tkqr,
  ora,
  avg_turns: 1.25,
  avg_diff: -0.5,
  pass1: null,
  pass1_complete: null,
  per_k: {},
  per_type: {},
  hits_by_k: {},
  failures: { all: emptyFailureTally(), per_k: {}, per_type: {} },
});

const judge = { n_turns: 8, threshold: 0.4, agreement_accuracy: 0.875, cohen_kappa: 0.75, confusion_matrix: { tp: 3, tn: 4, fp: 1, fn: 0 }, gpt_positive_rate: 0.5, ours_positive_rate: 0.4, threshold_sensitivity: [] };

/** A card of problems annotated and adjudicated here, with agreement, effort, people and two baseline runs. */
const full = (settings: Partial<ReleaseSettings> = {}) =>
  cardInput({
    creation: { adjudicated: 2, doublyAnnotated: 2, imported: [], guidelines: [] },
    agreement: {
      problems: 2,
      deletionPercent: { value: 0.9, n: 100 },
      deletionKappa: { value: 0.7, n: 100 },
      pointF1: { value: 0.5 },
      typePercent: { value: 1 },
      typeKappa: { value: null, reason: 'one type only' },
      typeAlpha: { value: null, reason: 'one type only' },
    },
    effort: { annotations: 6, annotators: 2, totalMs: 3_600_000, medianMs: 600_000 },
    people: { annotators: ['anna', 'bert'], adjudicators: ['ada'] },
    baselines: [
      { run: run('model-a', 0.61234, 0.4321), judge },
      { run: run('model-b', null, null), judge: null },
    ],
    settings: { ...DEFAULT_RELEASE_SETTINGS, ...settings },
  });

const EMPTY_TEXTS = Object.fromEntries(Object.entries(DEFAULT_RELEASE_SETTINGS).filter(([, v]) => typeof v === 'string').map(([k]) => [k, ''])) as Partial<ReleaseSettings>;

describe('the data card against the Hub template heading list', () => {
  it('has every non-optional heading of the template, in order, and no placeholder: imported gold, default settings', () => {
    const card = dataCard(cardInput());
    const found = expectTemplateLayout(card);
    expect(found).toEqual(TEMPLATE_HEADINGS.filter((t) => t.title !== 'Dataset Card Authors').map((t) => t.title));
    expectSections(card);
  });

  it('keeps the layout with every text setting empty, and never writes a placeholder', () => {
    const card = dataCard(cardInput({ settings: { ...DEFAULT_RELEASE_SETTINGS, ...EMPTY_TEXTS, license: 'mit' } }));
    expectTemplateLayout(card);
    expect(card).toContain('- **Curated by:** not stated by the maintainers of this release');
    expect(card).toContain('### Curation Rationale\n\nNot stated by the maintainers of this release.');
    expect(cardHeadings(card).map((h) => h.title)).not.toContain('Dataset Card Authors');
  });

  it('with everything recorded: optional headings where there is data, the maintainers\' texts in place', () => {
    const card = dataCard(full({ authors: 'Mara', curators: 'The CCB team', fundedBy: 'A grant', repository: 'https://example.org/ccb', recommendations: 'Read the paper.' }));
    expect(expectTemplateLayout(card)).toEqual(TEMPLATE_HEADINGS.map((t) => t.title));
    expectSections(card);
    expect(card).toContain('- **Curated by:** The CCB team\n- **Funded by:** A grant\n');
    expect(card).not.toContain('**Shared by:**');
    expect(card).toContain('- **Repository:** <https://example.org/ccb>');
    expect(card).toMatch(/### Recommendations\n\n- Report figures per K[^\n]*\n[\s\S]*\n\nRead the paper\.\n/);
  });

  it('a card missing a template heading, or holding a placeholder, fails the check', () => {
    const card = dataCard(cardInput());
    expect(() => expectTemplateLayout(card.replace('### Recommendations\n', '### Advice\n'))).toThrow(/Recommendations/);
    expect(() => expectTemplateLayout(card.replace('## Uses\n', '## Uses [optional]\n'))).toThrow(/placeholder/);
    expect(() => expectTemplateLayout(`${card}\n{{ more_information }}\n`)).toThrow(/placeholder/);
    const swapped = card.replace('## Uses\n', '## Tmp\n').replace('## Dataset Details\n', '## Uses\n').replace('## Tmp\n', '## Dataset Details\n');
    expect(() => expectTemplateLayout(swapped)).toThrow(/order/);
  });
});

describe('annotations as they happened', () => {
  it('double annotation, adjudication, agreement with its population, effort; annotators counted by role, not named', () => {
    const card = dataCard(full());
    const process = card.slice(card.indexOf('#### Annotation process'), card.indexOf('#### Who are the annotators?'));
    expect(process).toContain('- 2 were annotated here by two annotators working independently and blind to each other, and adjudicated here into their gold points.');
    expect(process).toContain('1. **Deletion-only editing** (the 2 problems adjudicated here).');
    expect(process).toContain('2. **Adjudication.**');
    expect(process).toContain('**Inter-annotator agreement.** Computed over the 2 of the 2 released problems that have two submitted independent annotations');
    expect(process).toContain("| types of aligned points: Cohen's κ | undefined (one type only) |");
    expect(process).toContain('**Annotation effort.** 6 submitted annotation(s) by 2 annotator(s)');
    const who = card.slice(card.indexOf('#### Who are the annotators?'), card.indexOf('#### Personal and Sensitive Information'));
    expect(who).toContain("made by 2 annotators (each problem by two of them, who could not see each other's work) and resolved by 1 adjudicator");
    expect(who).toContain('They are not named: the release settings do not ask for their names.');
    for (const name of ['anna', 'bert', 'ada']) expect(card).not.toContain(name);
  });

  it('names the accounts only when the release setting says so', () => {
    const card = dataCard(full({ nameAnnotators: true, annotators: 'Graduate students of computer science.' }));
    expect(card).toContain('Annotators: `anna`, `bert`. Adjudicators: `ada`.');
    expect(card).toContain('Graduate students of computer science.');
  });

  it('imported gold: its origin, and that who annotated it is not recorded', () => {
    const card = dataCard(cardInput());
    expect(card).toContain('1. **Imported gold points.**');
    expect(card).not.toContain('**Deletion-only editing**');
    expect(card).toContain('#### Who are the annotators?\n\nWho annotated the 2 imported problems is not recorded in this tool.');
  });
});

describe('baseline results', () => {
  it('one row per chosen run with the columns of BASELINE_COLUMNS, the release it was made on and its judge', () => {
    const card = dataCard(full());
    const shown = BASELINE_COLUMNS.filter((c) => !c.whenImported);
    expect(card).toContain(`| model | ${shown.map((c) => c.head).join(' | ')} | unfinished | tasks | made on release |`);
    expect(card).toContain('| `model-a` | 0.612 | 0.432 | 1.25 | -0.50 | 1 | 4 | `v2-candidate` |');
    expect(card).toContain('| `model-b` | — | — | 1.25 | -0.50 | 1 | 4 | `v2-candidate` |');
    expect(card).toContain("the lexical cross-check (TF-IDF similarity to the key questions, threshold 0.40) agrees on 87.5% of its 8 question turns, Cohen's κ 0.750.");
    expect(card).toContain('`model-b`: hit labels as given in its run file');
    expect(card).toContain('- **TKQR:**');
  });

  it('pass@1 columns appear once some chosen run has pass@1 imported, a dash for the others', () => {
    const input = full();
    input.baselines[0]!.run = { ...input.baselines[0]!.run, pass1: 0.25, pass1_complete: 0.5 };
    const card = dataCard(input);
    expect(card).toContain('| model | TKQR | ORA | avg turns | avg diff | pass@1 complete | pass@1 | unfinished | tasks | made on release |');
    expect(card).toContain('| `model-a` | 0.612 | 0.432 | 1.25 | -0.50 | 0.500 | 0.250 | 1 | 4 | `v2-candidate` |');
    expect(card).toContain('| `model-b` | — | — | 1.25 | -0.50 | — | — | 1 | 4 | `v2-candidate` |');
  });

  it("a pilot run that saw the public tests while coding follows the protocol's runs, named as its condition", () => {
    const input = full();
    const pilot = (model: string, tests: 'while-coding' | 'after-submit'): CardBaseline => ({
      run: { ...run(model, 0.5, 0.5), kind: 'human', human: { study: `s-${tests}`, avgSecondsPerTask: null, avgSecondsToFirstQuestion: null, tests } },
      judge: null,
    });
    input.baselines = [pilot('human:P01', 'while-coding'), pilot('human:P02', 'after-submit')];
    const card = dataCard(input);
    const baseline = card.indexOf('| `human:P02` |');
    const apart = card.indexOf('| `human:P01` (public tests while coding) |');
    expect(baseline).toBeGreaterThan(0);
    expect(apart).toBeGreaterThan(baseline);
    expect(card).toContain("`human:P01`: a pilot's run from the pilot study `s-while-coding`, which offered the public tests while coding (RealHumanEval's condition, not the protocol's human baseline)");
    expect(card).not.toContain('`human:P02` (public tests while coding)');
  });

  it('no runs chosen: no baseline section and no run terms', () => {
    const card = dataCard(cardInput());
    expect(card).not.toContain('### Baseline results');
    expect(card).not.toContain('**TKQR:**');
  });
});

describe('settings the card needs', () => {
  it('the defaults leave the curators, out-of-scope use, personal information review, authors and contact to the maintainers', () => {
    expect(missingCardSettings(DEFAULT_RELEASE_SETTINGS).map((w) => w.setting)).toEqual(['curators', 'outOfScopeUse', 'personalInfo', 'authors', 'contact']);
    expect(missingCardSettings(DEFAULT_RELEASE_SETTINGS)[0]!.message).toBe('release setting curators is empty: its "Curated by" line says the curators are not stated');
  });

  it('every needed setting filled: no warning', () => {
    const filled = releaseSettings.parse({ ...DEFAULT_RELEASE_SETTINGS, curators: 'x', outOfScopeUse: 'x', personalInfo: 'x', authors: 'x', contact: 'x' });
    expect(missingCardSettings(filled)).toEqual([]);
  });
});

describe('what DatasetCard.load requires of the front matter', () => {
  it('reads the card: a mapping with the typed fields, a size category of the list, license other with its name and link, one config', () => {
    const { data, text } = loadDatasetCard(dataCard(cardInput()));
    expect(data).toMatchObject({ license: 'other', license_name: 'mit-and-livecodebench-terms', language: ['en'], size_categories: ['n<1K'], pretty_name: 'ClarifyCodeBench v2' });
    expect(typeof data.license_link).toBe('string');
    expect(data.configs).toEqual([{ config_name: 'default', data_files: [{ split: 'test', path: 'ClarifyCodeBench.jsonl' }] }]);
    expect(text.startsWith('\n# Dataset Card for ClarifyCodeBench v2\n')).toBe(true);
  });

  it('refuses what the library refuses: no block, a block that is not a mapping, a mistyped field, an unknown size', () => {
    expect(() => loadDatasetCard('# no front matter\n')).toThrow(/no metadata block/);
    expect(() => loadDatasetCard('---\n- a\n- b\n---\ntext')).toThrow(/should be a dict/);
    expect(() => loadDatasetCard('---\nlicense: 1.0\n---\ntext')).toThrow(/license: must be a string/);
    expect(() => loadDatasetCard('---\nsize_categories:\n- n<2K\n---\n')).toThrow(/size_categories/);
    expect(readYaml('a: "x: y"\nb:\n- c: d\n  e: "f"\n- g\n')).toEqual({ a: 'x: y', b: [{ c: 'd', e: 'f' }, 'g'] });
  });
});
