import { auditLimitations } from './cardAudits';
import type { ReleaseSettings } from '../schemas/releaseSettings';
import type { CardInput } from './card';
import { RELEASE_FILE, type ReleaseRecord } from './format';
import { pct } from './markdown';
import { byCount, type Count } from './stats';

/** A maintainer's text from the release settings, or a plain statement that none was given. */
export const stated = (text: string, otherwise: string) => (text.trim() ? text.trim() : otherwise);

import { plural } from '../plural';

export { plural };

export function usesSection(s: ReleaseSettings): string {
  return [
    '## Uses',
    '',
    '### Direct Use',
    '',
    stated(s.directUse, 'Not stated by the maintainers of this release.'),
    '',
    '### Out-of-Scope Use',
    '',
    stated(s.outOfScopeUse, 'Not stated by the maintainers of this release.'),
  ].join('\n');
}

export const EXAMPLE_CHARS = 200;

function abridge(value: unknown): unknown {
  if (typeof value === 'string') return value.length > EXAMPLE_CHARS ? `${value.slice(0, EXAMPLE_CHARS)}…` : value;
  if (Array.isArray(value)) return value.map(abridge);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridge(v)]));
  return value;
}

/** A code fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(lang: string, text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** One real record (the file's first), abridged. */
export function dataInstance(example: ReleaseRecord | null): string {
  if (!example) return '### Data Instances\n\nThe release has no records.';
  return [
    '### Data Instances',
    '',
    `The first record of \`${RELEASE_FILE}\` (\`${example.task_id}\`), abridged: strings longer than ${EXAMPLE_CHARS} characters are cut and end in "…" (its \`modified_content\` has ${example.modified_content.length} characters).`,
    '',
    fenced('json', JSON.stringify(abridge(example), null, 2)),
  ].join('\n');
}

function composition({ stats }: CardInput): string {
  const from = stats.platforms.map((p) => `${p.count} from ${p.label}`).join(', ') || 'none';
  const dates = stats.contestDates ? ` with contest dates ${stats.contestDates.from} to ${stats.contestDates.to}` : '';
  const difficulty = stats.difficulty.map((d) => `${d.count} ${d.label}`).join(', ') || 'unknown';
  const ranked = byCount(stats.keywords).filter((c) => c.count > 0);
  const spread = (c: Count) => `${c.label} (${pct(c.count, stats.tasks)} of the tasks)`;
  const types = ranked.length > 1 ? ` The types are not equally represented: the most frequent keyword is ${spread(ranked[0]!)}, the least frequent ${spread(ranked[ranked.length - 1]!)}.` : '';
  return `Known from the released records: ${plural(stats.problems, 'problem')}, all competitive-programming statements (${from})${dates}; difficulty: ${difficulty}.${types}`;
}

export function biasRisksLimitations(input: CardInput): string {
  const { settings: s, creation: c } = input;
  const imported = c.imported.reduce((n, i) => n + i.problems, 0);
  const limits = ['Known from the format: the release holds no tests, so functional correctness (pass@1) needs the source problems\' tests from LiveCodeBench, matched by `question_id`; every task has 1 to 3 key questions.'];
  if (imported > 0) limits.push(`The agreement and effort figures cover only problems annotated here; no independent annotations are on record for the ${plural(imported, 'imported problem')}.`);
  limits.push(...auditLimitations(input.baselines));
  if (s.limitations.trim()) limits.push(s.limitations.trim());
  return [
    '## Bias, Risks, and Limitations',
    '',
    '### Bias',
    '',
    composition(input),
    '',
    stated(s.bias, 'The maintainers have recorded no further analysis of bias for this release.'),
    '',
    '### Risks',
    '',
    stated(s.risks, 'The maintainers have recorded no risks for this release.'),
    '',
    '### Limitations',
    '',
    limits.join('\n\n'),
    '',
    '### Recommendations',
    '',
    recommendations(input).join('\n'),
  ].join('\n');
}

/** What the figures of this release suggest to whoever evaluates on it, then the maintainers' own recommendations. */
function recommendations({ stats, provenance: p, settings: s }: CardInput): string[] {
  const out: string[] = [];
  const k = stats.k.filter((c) => c.count > 0);
  if (k.length > 1) out.push(`- Report figures per K as well as overall: the tasks are not balanced over K (${k.map((c) => `K = ${c.label}: ${pct(c.count, stats.tasks)}`).join(', ')}).`);
  const ranked = byCount(stats.keywords).filter((c) => c.count > 0);
  if (ranked.length > 1) out.push(`- Give per-type figures with their counts: a type's figure rests on as few as ${plural(ranked[ranked.length - 1]!.count, 'task')} (${ranked[ranked.length - 1]!.label}) and as many as ${ranked[0]!.count} (${ranked[0]!.label}).`);
  if (stats.contestDates) out.push(`- The statements are public (contests from ${stats.contestDates.from} to ${stats.contestDates.to}): compare models whose training data may include them with models whose cut-off precedes ${stats.contestDates.from}.`);
  const versions = p.lcbVersions.filter((v) => v.label !== 'not recorded').map((v) => v.label);
  out.push(`- Compute pass@1 with the hidden tests of the source problems${versions.length ? ` (LiveCodeBench release ${versions.join(', ')})` : ''}, matched by \`question_id\`.`);
  if (s.recommendations.trim()) out.push('', s.recommendations.trim());
  return out;
}

export function personalInfo({ settings: s, extended }: CardInput): string {
  return [
    '#### Personal and Sensitive Information',
    '',
    `Known from the format: each record holds a problem statement with information deleted, the key questions, their answers and types${extended ? ', and where each point came from (A, B, merged, new, legacy)' : ''}; no annotator name, account or time on task is in the released files.`,
    '',
    stated(s.personalInfo, 'No review of the statements, questions and answers for personal or sensitive information is recorded for this release.'),
  ].join('\n');
}

/** The card's authors (an optional heading: only when the settings name them) and its contact. */
export function whoWroteTheCard(s: ReleaseSettings): string {
  const authors = s.authors.trim() ? ['## Dataset Card Authors', '', s.authors.trim(), ''] : [];
  return [...authors, '## Dataset Card Contact', '', stated(s.contact, 'Not stated by the maintainers of this release.')].join('\n');
}
