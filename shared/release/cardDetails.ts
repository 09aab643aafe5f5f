/** The card's "Dataset Details", citation and glossary. */
import { LCB_LICENSE_LINK, type ReleaseSettings } from '../schemas/releaseSettings';
import type { CardInput } from './card';
import { plural } from './cardSections';

/** The benchmark's own citation, as its authors give it. */
export const CITATION = `@article{fang2026clarifycodebench,
  title         = {ClarifyCodeBench: Evaluating LLMs on Clarifying Ambiguous Requirements for Code Generation},
  author        = {Fang, Zheng and Jin, Dongming and Dong, Yihong and Li, Yongmin and Zhang, Kechi and Jin, Zhi and Li, Ge},
  year          = {2026},
  journal       = {arXiv preprint arXiv:2607.00711},
  eprint        = {2607.00711},
  archivePrefix = {arXiv},
  primaryClass  = {cs.SE},
  url           = {https://arxiv.org/abs/2607.00711}
}`;

export const PAPER_URL = 'https://arxiv.org/abs/2607.00711';

/** The same reference in APA style. */
export const CITATION_APA =
  'Fang, Z., Jin, D., Dong, Y., Li, Y., Zhang, K., Jin, Z., & Li, G. (2026). ClarifyCodeBench: Evaluating LLMs on clarifying ambiguous requirements for code generation. arXiv preprint arXiv:2607.00711.';

function licenseLine(s: ReleaseSettings): string {
  const named = s.license === 'other' ? `\`other\`${s.licenseName ? ` (\`${s.licenseName}\`)` : ''}` : `\`${s.license}\``;
  return `${named}${s.licenseLink ? `; see <${s.licenseLink}>` : ''}`;
}

function description({ stats, policy, extended, notes, settings: s }: CardInput): string {
  const k = stats.k.map((c) => `K = ${c.label}: ${c.count}`).join(', ');
  const lines = [
    '### Dataset Description',
    '',
    `${plural(stats.tasks, 'task')} from ${plural(stats.problems, 'source problem')} (${k}), with ${plural(stats.points, 'key question')} in all; generated with the \`${policy}\` variant policy${extended ? ', with the extended fields (per-point types and provenance)' : ''}.`,
  ];
  if (notes.trim()) lines.push('', `Release notes: ${notes.trim()}`);
  lines.push('', `- **Curated by:** ${s.curators.trim() || 'not stated by the maintainers of this release'}`);
  if (s.fundedBy.trim()) lines.push(`- **Funded by:** ${s.fundedBy.trim()}`);
  if (s.sharedBy.trim()) lines.push(`- **Shared by:** ${s.sharedBy.trim()}`);
  lines.push('- **Language(s) (NLP):** English (`en`): the statements, key questions and answers', `- **License:** ${licenseLine(s)}`);
  if (s.licenseStatement.trim()) lines.push('', s.licenseStatement.trim());
  return lines.join('\n');
}

function sources({ settings: s, provenance: p }: CardInput): string {
  const lines = ['### Dataset Sources', ''];
  if (s.repository.trim()) lines.push(`- **Repository:** <${s.repository.trim()}>`);
  lines.push(`- **Paper:** <${PAPER_URL}>`, `- **Source problems:** ${p.livecodebench}; <${LCB_LICENSE_LINK}>`);
  return lines.join('\n');
}

/** "## Dataset Details" of the template: the description with its curated-by, language and license lines, and the sources. */
export function datasetDetails(input: CardInput): string {
  return ['## Dataset Details', description(input), sources(input)].join('\n\n');
}

/** "## Citation" of the template: the benchmark's paper in BibTeX and APA. */
export function citation(): string {
  return ['## Citation', '', '**BibTeX:**', '', '```bibtex', CITATION, '```', '', '**APA:**', '', CITATION_APA].join('\n');
}

const TERMS: [string, string][] = [
  ['source problem', 'A LiveCodeBench programming problem whose statement a task is made from (`question_id`).'],
  ['ambiguity point', 'One piece of information deleted from a statement, with the key question that asks for it, its answer and its type.'],
  ['task', 'A source problem with a non-empty subset of its gold points deleted: one record of the release.'],
  ['K', 'The number of key questions of a task (the length of `qa_pairs`).'],
  ['key question', 'The clarification question a model should ask to recover one deleted piece of information.'],
  ['keyword', "An ambiguity type of the task's points (see Taxonomy)."],
];

const RUN_TERMS: [string, string][] = [
  ['TKQR', 'Turn-discounted key question rate: an nDCG over the per-turn hits of key questions, so a key question asked earlier counts more.'],
  ['ORA', 'Optimal round adherence: a Gaussian of the number of clarification rounds against K, 1 when the model asked exactly K rounds.'],
  ['avg turns, avg diff', 'The mean number of clarification rounds before the code, and the mean of rounds minus K.'],
];

/** "## Glossary" of the template: the words of the card, and the run figures when the card has baseline results. */
export function glossary({ baselines }: CardInput): string {
  const terms = baselines.length > 0 ? [...TERMS, ...RUN_TERMS] : TERMS;
  return ['## Glossary', '', ...terms.map(([term, meaning]) => `- **${term}:** ${meaning}`)].join('\n');
}
