/** The card's "Dataset Creation": curation rationale, source data, and the annotations. */
import type { CardInput } from './card';
import { annotationProcess, whoAreTheAnnotators } from './cardAnnotations';
import { personalInfo, plural, stated } from './cardSections';

function curationRationale({ settings: s }: CardInput): string {
  return ['### Curation Rationale', '', stated(s.curationRationale, 'Not stated by the maintainers of this release.')].join('\n');
}

const recordedVersions = ({ provenance: p }: CardInput) => p.lcbVersions.filter((v) => v.label !== 'not recorded').map((v) => v.label);

/**
 * What becomes of the continued release's task ids. Only ids that came with `import-release` are
 * stored per task; a release cut here stores none, so its tasks are numbered afresh in the next.
 */
const continuedIds = (name: string) =>
  `release \`${name}\`. Its task ids are not carried over as such: a task keeps its id only when the id came with \`import-release\`; every other task is numbered afresh (task_1, task_2, … in the order the problems were imported, never reusing a retired id), so a task of \`${name}\` has the same id here only if no task before it was added or removed (\`diff-release\` lists the differences)`;

function provenance({ provenance: p, policy, extended }: CardInput): string[] {
  return [
    `- Source problems: ${p.livecodebench}.`,
    `- LiveCodeBench release of the statements: ${p.lcbVersions.map((v) => `${v.label} (${plural(v.count, 'problem')})`).join(', ') || 'none'}.`,
    `- Built with CCB Studio ${p.toolVersion}; variant policy \`${policy}\`${extended ? ', extended fields' : ''}.`,
    `- Continues: ${p.continues ? continuedIds(p.continues) : 'no earlier release (ids task_1 … task_N)'}.`,
    `- Problems whose gold points were imported from an earlier release: ${p.legacyProblems}.`,
    `- Tasks with a hand-edited wording: ${p.overrides.edit}; tasks whose text was rewritten beyond deletions: ${p.overrides.rewrite}.`,
  ];
}

function collection(input: CardInput): string {
  const versions = recordedVersions(input);
  const steps = [
    `**Selection.** The release holds the ${plural(input.stats.problems, 'problem')} whose gold points are resolved; a problem whose adjudication is not resolved is left out.`,
    `**Processing.** ${versions.length ? `Statements come from LiveCodeBench (release ${versions.join(', ')})` : 'Statements were imported as LiveCodeBench records (no LiveCodeBench release is recorded for them)'}. The text that is edited is the statement with LF line ends, blank lines dropped, trailing spaces trimmed and the examples section removed.`,
    `**Task generation.** Each non-empty combination of a problem's gold points allowed by the \`${input.policy}\` variant policy becomes a task: its text is the statement with those points' deletions applied; its \`qa_pairs\` are those points' questions and answers. A task's wording may be overridden by hand; overrides are recorded (below).`,
    '**Validation.** The release was checked by the same validator as `npm run cli -- validate` and has no errors.',
  ];
  return ['#### Data Collection and Processing', '', ...steps.map((s, i) => `${i + 1}. ${s}`), '', 'Provenance:', '', ...provenance(input)].join('\n');
}

function producers(input: CardInput): string {
  const { stats } = input;
  const from = stats.platforms.map((p) => `${p.count} from ${p.label}`).join(', ') || 'none';
  const dates = stats.contestDates ? `, held from ${stats.contestDates.from} to ${stats.contestDates.to}` : '';
  const versions = recordedVersions(input);
  return [
    '#### Who are the source data producers?',
    '',
    `The ${plural(stats.problems, 'problem statement')} (${from}) were written by the problem setters of the programming contests they come from${dates}, and collected by LiveCodeBench${versions.length ? ` (release ${versions.join(', ')})` : ''}. The deletions, key questions and answers are annotations, not source data (see Annotations).`,
  ].join('\n');
}

function annotations(input: CardInput): string {
  const { stats } = input;
  return [
    '### Annotations',
    '',
    `The annotations are the ambiguity points: for each, the information deleted from the statement, the key question that asks for it, the ground-truth answer and an ambiguity type. The ${plural(stats.tasks, 'task')} of this release carry ${plural(stats.points, 'key question')}.`,
    '',
    annotationProcess(input),
    '',
    whoAreTheAnnotators(input),
    '',
    personalInfo(input),
  ].join('\n');
}

/** "## Dataset Creation" of the template, every part generated from the data and the release settings. */
export function datasetCreation(input: CardInput): string {
  return ['## Dataset Creation', curationRationale(input), '### Source Data', collection(input), producers(input), annotations(input)].join('\n\n');
}
