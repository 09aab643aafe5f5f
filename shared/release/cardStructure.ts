/** The card's "Dataset Structure": the instance, fields, split, statistics and taxonomy of the release. */
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../taxonomy';
import type { CardInput } from './card';
import { dataInstance } from './cardSections';
import { CHART_FILES } from './charts';
import { RELEASE_FILE } from './format';
import { pct, table } from './markdown';
import { byCount, type Count, type LengthStats } from './stats';

function overview({ stats, policy }: CardInput): string {
  return `The release is ${stats.tasks} JSON records in one file, \`${RELEASE_FILE}\`, one evaluation split. Records made from the same source problem share its \`question_id\`; under the \`${policy}\` variant policy they differ in which of the problem's gold points they hold, and a task holding several points carries each point's key question.`;
}

function schema(extended: boolean): string {
  const rows = [
    ['`task_id`', 'string', 'Task id, `task_1` … `task_N`.'],
    ['`question_id`', 'string', 'LiveCodeBench question id of the source problem.'],
    ['`keywords`', 'list of string', "The de-duplicated ambiguity types of the task's points, in point order."],
    ['`modified_content`', 'string', 'The underspecified statement.'],
    ['`qa_pairs`', 'list of {question, answer}', 'One key question and its ground-truth answer per point; its length is K.'],
  ];
  if (extended) {
    rows.push(['`qa_pairs[].type`', 'string', 'Extended releases only: the ambiguity type of the point.']);
    rows.push(['`provenance`', '{subset, points, override, adjudication}', 'Extended releases only: the gold point indexes of the task, where each point came from (A, B, merged, new, legacy), the override kind if the task was edited, and whether the gold set was adjudicated or imported.']);
  }
  return `### Data Fields\n\nOne JSON object per line (\`${RELEASE_FILE}\`), fields in this order:\n\n${table(['field', 'type', 'meaning'], rows)}`;
}

function splits({ stats }: CardInput): string {
  return [
    '### Data Splits',
    '',
    'The release is one evaluation split, `test`; there is no training or validation split.',
    '',
    table(['split', 'tasks', 'source problems', 'file'], [['test', stats.tasks, stats.problems, `\`${RELEASE_FILE}\``]]),
  ].join('\n');
}

const lengthRow = (label: string, l: LengthStats) => [label, l.min, l.median, l.mean, l.max];

function counts(head: string, list: readonly Count[], of: number): string {
  return table([head, 'count', 'share'], list.map((c) => [c.label, c.count, pct(c.count, of)]));
}

function statistics({ stats }: CardInput): string {
  const keywordRows = byCount(stats.keywords).map((c) => [c.label, c.count, pct(c.count, stats.keywordTotal), pct(c.count, stats.tasks)]);
  const parts = [
    '### Statistics',
    '',
    `Every figure below is computed from the ${stats.tasks} records of \`${RELEASE_FILE}\` and their ${stats.problems} source problems.`,
    '',
    table(['', 'count'], [['tasks', stats.tasks], ['source problems', stats.problems], ['key questions (points over all tasks)', stats.points], ['keywords (each counted once per task)', stats.keywordTotal]]),
    '',
    '#### Tasks by K (number of key questions)',
    '',
    counts('K', stats.k, stats.tasks),
    '',
    `![Tasks by K](${CHART_FILES.k})`,
    '',
    '#### Keywords',
    '',
    table(['keyword', 'tasks', 'share of keywords', 'share of tasks'], keywordRows),
    '',
    `![Keywords](${CHART_FILES.types})`,
  ];
  if (stats.pointTypes) parts.push('', '#### Point types', '', 'The type of every key question over all tasks (a task with two points of one type counts it twice).', '', counts('type', byCount(stats.pointTypes), stats.points));
  parts.push(
    '',
    '#### Lengths (characters)',
    '',
    table(['', 'min', 'median', 'mean', 'max'], [lengthRow('modified_content', stats.textLength), lengthRow('question', stats.questionLength), lengthRow('answer', stats.answerLength)]),
    '',
    '#### Source problems',
    '',
    `Contest dates: ${stats.contestDates ? `${stats.contestDates.from} to ${stats.contestDates.to}` : 'unknown'}.`,
    '',
    counts('difficulty', stats.difficulty, stats.problems),
    '',
    counts('platform', stats.platforms, stats.problems),
  );
  return parts.join('\n');
}

function taxonomy(): string {
  return `### Taxonomy\n\nThe 11 underspecification types of ClarifyCodeBench, as the \`keywords\` name them; each says what the requirement leaves open.\n\n${table(['type', 'definition'], AMBIGUITY_TYPES.map((t) => [t, TYPE_DEFINITIONS[t]]))}`;
}

/** "## Dataset Structure" of the template, with the statistics and the taxonomy under it. */
export function datasetStructure(input: CardInput): string {
  return ['## Dataset Structure', overview(input), dataInstance(input.example), schema(input.extended), splits(input), statistics(input), taxonomy()].join('\n\n');
}
