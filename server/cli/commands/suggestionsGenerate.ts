/** `suggestions generate`: ask a chat model for suggested points for some problems, with a progress bar and a final report. */
import { CLI_ACTOR } from '../../../db/events';
import { plural } from '../../../shared/plural';
import type { JobDetail } from '../../../shared/suggestions/jobs';
import { problemsOfBatch } from '../../services/suggestions/batchProblems';
import { generationDeps, startGeneration } from '../../services/suggestions/generate';
import { presentJobDetail } from '../../presenters/suggestionJobs';
import { jobDetail } from '../../services/suggestions/jobs';
import { CliError, dbOption, parse, withDb, type Command } from '../command';
import { ProgressBar } from '../progress';

/** The final report: every count, then the problems that did not get a suggestion. */
export function formatJobReport(job: JobDetail): string {
  const c = job.counts;
  const lines = [
    `job ${job.id} (${job.agent}, prompt ${job.promptVersion}${job.structured ? '' : ', without structured output'}): ${job.status}`,
    `${plural(c.total, 'problem')}: ${c.stored} stored, ${c.skipped} skipped (already generated), ${c.malformed} malformed answers, ${c.noPoints} without a usable point, ${c.failed} failed after retries` +
      (c.pending > 0 ? `, ${c.pending} not done` : ''),
    `dropped: ${c.droppedSpans} quoted spans not found once in the base text, ${c.droppedPoints} points left without a deletion`,
    `tokens: ${c.tokensIn} in, ${c.tokensOut} out`,
  ];
  if (job.error) lines.push(`stopped: ${job.error}`);
  const notStored = job.problems.filter((p) => p.outcome !== null && p.outcome !== 'stored' && p.outcome !== 'skipped');
  for (const p of notStored.slice(0, 20)) lines.push(`  ${p.questionId}: ${p.outcome}${p.detail ? ` (${p.detail})` : ''}`);
  if (notStored.length > 20) lines.push(`  … and ${notStored.length - 20} more`);
  return lines.join('\n');
}

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const suggestionsGenerateCommand: Command = {
  name: 'suggestions generate',
  usage: '(--problems ID,… | --batch NAME) [--json] [--db PATH]',
  summary: 'Generate suggested points with the chat model of CCB_LLM_BASE_URL / CCB_LLM_MODEL (CCB_LLM_API_KEY); run again to resume.',
  async run(argv, { io, print }) {
    const { values } = parse(argv, { ...dbOption, problems: { type: 'string' }, batch: { type: 'string' }, json: { type: 'boolean' } }, false);
    if ((values.problems === undefined) === (values.batch === undefined)) throw new CliError('name the problems: --problems ID,… or --batch NAME (one of them)', 2);
    return withDb(values.db, { mustExist: true }, async (db) => {
      const questionIds = values.problems !== undefined ? list(values.problems) : problemsOfBatch(db, values.batch ?? '');
      if (questionIds.length === 0) throw new CliError('--problems: name at least one problem', 2);
      const bar = new ProgressBar('generating', io.stderr);
      const started = startGeneration(db, CLI_ACTOR, questionIds, generationDeps(db), (done, total) => bar.update(done, total, `${done}/${total}`));
      await started.finished;
      bar.done();
      const job = presentJobDetail(jobDetail(db, started.jobId));
      print(values.json ? JSON.stringify(job, null, 2) : formatJobReport(job));
      return job.status === 'done' ? 0 : 1;
    });
  },
};
