/**
 * Which stored release a run file's tasks belong to. A run imported over the wrong release fails
 * on every line ("task_7 is not a task of the release"); this says, above those line errors,
 * which stored release its task ids and texts do match, if any. Only read when an import failed.
 */
import type { DB } from '../../../db/database';
import { storedReleaseFiles } from '../../../db/releaseMatch';
import { RELEASE_FILE } from '../../../shared/release/format';
import { parseRelease } from '../../../shared/release/validate';
import { ImportError } from '../lcbFile';
import { jsonLineDecoder, parseJsonLine } from '../../files/jsonLines';
import { readLines } from '../../files/lineReader';
import { Pacer } from '../../files/eventLoopPacer';

/** What a run line says about its task: its id, its problem and the text it was given. */
interface LineTask {
  taskId: string;
  questionId: string | null;
  prompt: string | null;
}

export interface ReleaseMatch {
  release: string;
  /** Lines whose task id is the release's and whose text (its prompt, else its problem) agrees. */
  matched: number;
}

const stringOr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Read in paced slices, like the check before it: a large bad file must not hold the event loop. */
async function runTasks(file: string, pacer: Pacer): Promise<LineTask[]> {
  const out: LineTask[] = [];
  const decoder = jsonLineDecoder();
  for await (const { number, bytes, tooLong } of readLines(file)) {
    await pacer.step();
    if (tooLong) continue;
    const line = parseJsonLine(number, bytes, decoder);
    if (line === null || 'issues' in line || typeof line.json !== 'object' || line.json === null) continue;
    const json = line.json as Record<string, unknown>;
    const taskId = stringOr(json.task_id);
    if (taskId !== null) out.push({ taskId, questionId: stringOr(json.id), prompt: stringOr(json.prompt) });
  }
  return out;
}

function countMatches(content: Buffer, tasks: readonly LineTask[]): number {
  const byId = new Map(parseRelease(content.toString('utf8')).records.map(({ record }) => [record.task_id, record]));
  let matched = 0;
  for (const t of tasks) {
    const task = byId.get(t.taskId);
    if (task && (t.prompt !== null ? t.prompt === task.modified_content : t.questionId === task.question_id)) matched++;
  }
  return matched;
}

/** Every stored release that some of the run's tasks match, best first; and how many tasks the run has. */
export async function matchStoredReleases(db: DB, file: string): Promise<{ tasks: number; lines: LineTask[]; matches: ReleaseMatch[] }> {
  const pacer = new Pacer();
  const tasks = await runTasks(file, pacer);
  const matches: ReleaseMatch[] = [];
  for (const { name, content } of storedReleaseFiles(db, RELEASE_FILE)) {
    await pacer.step();
    const matched = countMatches(content, tasks);
    if (matched > 0) matches.push({ release: name, matched });
  }
  matches.sort((a, b) => b.matched - a.matched);
  return { tasks: tasks.length, lines: tasks, matches };
}

/** The chosen release: its name and each task's problem (all a run import keeps of it to check lines). */
export interface ChosenRelease {
  name: string;
  tasks: ReadonlyMap<string, { questionId: string }>;
}

/**
 * The sentence to put above a failed import's line errors, or null when no stored release holds
 * more of the run's tasks than the chosen one (the errors are then about something else).
 */
export async function releaseMatchSentence(db: DB, file: string, chosen: ChosenRelease): Promise<string | null> {
  const { tasks, lines, matches } = await matchStoredReleases(db, file);
  // A file whose lines name no task at all says nothing about releases.
  if (tasks === 0) return null;
  const own = lines.filter((t) => chosen.tasks.get(t.taskId)?.questionId === (t.questionId ?? undefined)).length;
  const best = matches[0];
  if (!best) return own === 0 ? `This run's tasks match no stored release (none of its ${tasks} task ids and texts is in one).` : null;
  if (best.matched <= own || matches.some((m) => m.release === chosen.name && m.matched === best.matched)) return null;
  const listed = matches
    .slice(0, 3)
    .map((m, i) => `release ${m.release} (${m.matched} of ${tasks}${i === 0 ? ' task ids and texts' : ''})`)
    .join(', ');
  return `This run's tasks match ${listed}, not ${chosen.name}.`;
}

/** Fields of a run line's issues that say the line is not about the chosen release's task. */
const RELEASE_FIELDS = new Set(['task_id', 'id', 'key_question_num', 'qa_pairs']);

/**
 * A failed import's error, with the sentence saying which stored release the run belongs to put
 * first when some of its line errors are about the release; any other error as it is.
 */
export async function withReleaseMatch(db: DB, file: string, chosen: ChosenRelease, err: unknown): Promise<unknown> {
  if (!(err instanceof ImportError) || !err.issues.some((i) => RELEASE_FIELDS.has(i.field))) return err;
  const sentence = await releaseMatchSentence(db, file, chosen);
  return sentence === null ? err : new ImportError(err.issues, { linesWithErrors: err.linesWithErrors, unlistedLines: err.unlistedLines }, `${sentence} ${err.message}`);
}
