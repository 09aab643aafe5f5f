/**
 * `suggestions generate`: a background job that asks a chat model for each problem's points.
 * A few problems at a time (CONCURRENCY); each problem's suggestion and its
 * outcome are written in one short transaction, so a job stopped at any moment leaves only whole
 * problems behind, and the same job started again skips what it already stored (same agent,
 * same prompt version, same base text).
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { isBusyError, transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { baseTextOf, findProblemId } from '../../../db/problems';
import { upsertSuggestion } from '../../../db/suggestions';
import { finishJob, findJob, hasGenerated, insertJob, jobProblems, markUnstructured, writeOutcome, type OutcomeWrite } from '../../../db/suggestionJobs';
import { answerJsonText, modelAnswerSchema, PROMPT_VERSION, type ModelPoint } from '../../../shared/suggestions/prompt';
import { buildPoints, validGeneratedPoints } from '../../../shared/suggestions/locate';
import { baseTextHash } from '../../domain/baseText';
import { invalid, validationFailed } from '../../domain/errors';
import { Pacer } from '../../files/eventLoopPacer';
import { complete, type EndpointState, type LlmDeps } from './llmClient';
import { readLlmConfig, withoutKey, type LlmConfig } from './llmConfig';

export const CONCURRENCY = 4;
export const MAX_JOB_PROBLEMS = 10_000;

/** What a job runs with; tests and the bench replace parts (a fake clock, no real waiting). */
export interface GenerationDeps extends LlmDeps {
  env: Readonly<Record<string, string | undefined>>;
  now: () => Date;
  concurrency: number;
}

export const defaultDeps = (): GenerationDeps => ({
  env: process.env,
  fetch: globalThis.fetch,
  sleep: (ms) => sleepFor(ms).then(() => undefined),
  now: () => new Date(),
  timeoutMs: 60_000,
  maxAttempts: 5,
  baseDelayMs: 1000,
  concurrency: CONCURRENCY,
});

const overrides = new WeakMap<DB, Partial<GenerationDeps>>();
/** Give a database's jobs other dependencies (tests: the fake endpoint's env, an instant sleep). */
export function useGenerationDeps(db: DB, deps: Partial<GenerationDeps>): void {
  overrides.set(db, deps);
}
export const generationDeps = (db: DB): GenerationDeps => ({ ...defaultDeps(), ...overrides.get(db) });

/** The problems' ids, in the order given, duplicates dropped; every unknown question id is named. */
function problemIdsOf(db: DB, questionIds: readonly string[]): number[] {
  const unique = [...new Set(questionIds.map((q) => q.trim()).filter((q) => q !== ''))];
  if (unique.length === 0) throw invalid('name at least one problem');
  if (unique.length > MAX_JOB_PROBLEMS) throw invalid(`at most ${MAX_JOB_PROBLEMS} problems per job`);
  const ids = unique.map((q) => findProblemId(db, q));
  const unknown = unique.filter((_, i) => ids[i] === undefined);
  if (unknown.length > 0) throw validationFailed([{ path: 'questionIds', message: `no such problem: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}` }]);
  return ids as number[];
}

export interface StartedJob {
  jobId: number;
  /** Settles when the job has finished (done or failed); never rejects. */
  finished: Promise<void>;
}

/** A problem done: how far the job is. */
export type ProgressListener = (done: number, total: number) => void;

/** Create the job and start it in the background. Throws (nothing created) when the endpoint is not configured or a problem is unknown. */
export function startGeneration(db: DB, actor: Actor, questionIds: readonly string[], deps: GenerationDeps, onProgress?: ProgressListener): StartedJob {
  const config = readLlmConfig(deps.env);
  const problemIds = problemIdsOf(db, questionIds);
  const jobId = transaction(db, () => {
    const id = insertJob(db, { agent: config.model, promptVersion: PROMPT_VERSION, startedBy: actor.name, createdAt: deps.now().toISOString(), runnerPid: process.pid }, problemIds);
    appendEvent(db, actor, { action: 'suggestions.generate', entityType: 'suggestion_job', entityId: id, details: { agent: config.model, promptVersion: PROMPT_VERSION, problems: problemIds.length } });
    return id;
  });
  return { jobId, finished: runJob(db, actor, jobId, config, deps, onProgress) };
}

async function runJob(db: DB, actor: Actor, jobId: number, config: LlmConfig, deps: GenerationDeps, onProgress?: ProgressListener): Promise<void> {
  let fatal: string | null = null;
  try {
    const job = findJob(db, jobId)!;
    const pending = pendingProblems(db, jobId);
    const state: EndpointState = { structured: job.structured === 1 };
    const total = pending.length;
    let next = 0;
    let done = 0;
    const pacer = new Pacer();
    const worker = async () => {
      while (fatal === null && next < pending.length) {
        const problemId = pending[next++]!;
        const wasStructured = state.structured;
        const outcome = await generateOne(db, problemId, config, state, deps);
        if (outcome.fatal) fatal = outcome.fatal;
        else {
          await writeSoon(db, () => {
            const suggestionId = outcome.store ? upsertSuggestion(db, outcome.store) : null;
            writeOutcome(db, jobId, problemId, { ...outcome.write, suggestionId });
            if (wasStructured && !state.structured) markUnstructured(db, jobId);
          });
          onProgress?.(++done, total);
        }
        await pacer.step();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, deps.concurrency) }, worker));
  } catch (err) {
    fatal = withoutKey(err instanceof Error ? err.message : String(err), config);
  }
  const error = fatal;
  try {
    await writeSoon(db, () => {
      finishJob(db, jobId, error === null ? 'done' : 'failed', deps.now().toISOString(), error);
      appendEvent(db, actor, { action: 'suggestions.generate.finish', entityType: 'suggestion_job', entityId: jobId, details: error === null ? { status: 'done' } : { status: 'failed', error } });
    });
  } catch {
    // The database refuses even this (closed, full): the job stays 'running' until the next server start marks it interrupted.
  }
}

/** How long a job's write waits, in steps, for another process's write lock (a CLI import, a backup). */
const BUSY_WAIT_MS = 100;
const BUSY_WAITS = 100;

/**
 * One short transaction; while another connection holds the write lock, wait asynchronously and
 * try again (the server's own busy timeout is a few milliseconds), so the job neither blocks the
 * event loop nor fails because someone else was writing.
 */
async function writeSoon(db: DB, fn: () => void): Promise<void> {
  for (let waited = 0; ; waited++) {
    try {
      transaction(db, fn);
      return;
    } catch (err) {
      if (!isBusyError(err) || waited >= BUSY_WAITS) throw err;
      await sleepFor(BUSY_WAIT_MS);
    }
  }
}

/** The job's problems without an outcome yet, in their order. */
const pendingProblems = (db: DB, jobId: number): number[] =>
  jobProblems(db, jobId)
    .filter((p) => p.outcome === null)
    .map((p) => p.problem_id);

interface OneOutcome {
  /** Stops the job: the endpoint refuses every request (its message, without the key). */
  fatal?: string;
  write: Omit<OutcomeWrite, 'suggestionId'>;
  store?: Parameters<typeof upsertSuggestion>[1];
}

/** Ask for one problem's points and decide what to store; writes nothing itself. */
async function generateOne(db: DB, problemId: number, config: LlmConfig, state: EndpointState, deps: GenerationDeps): Promise<OneOutcome> {
  const baseText = baseTextOf(db, problemId) ?? '';
  const sha = baseTextHash(baseText);
  const write = (o: Partial<Omit<OutcomeWrite, 'suggestionId'>> & Pick<OutcomeWrite, 'outcome'>): Omit<OutcomeWrite, 'suggestionId'> => ({
    attempts: 0,
    tokensIn: null,
    tokensOut: null,
    droppedSpans: 0,
    droppedPoints: 0,
    detail: null,
    finishedAt: deps.now().toISOString(),
    ...o,
  });
  if (hasGenerated(db, problemId, config.model, PROMPT_VERSION, sha)) return { write: write({ outcome: 'skipped' }) };
  const answer = await complete(config, baseText, state, deps);
  if (!answer.ok) {
    const detail = withoutKey(answer.detail, config);
    return { ...(answer.fatal ? { fatal: detail } : {}), write: write({ outcome: 'failed', attempts: answer.attempts, detail }) };
  }
  const spent = { attempts: answer.attempts, tokensIn: answer.tokensIn, tokensOut: answer.tokensOut };
  const parsed = parseAnswer(answer.content);
  if (!parsed.ok) return { write: write({ outcome: 'malformed', ...spent, detail: parsed.detail }) };
  const built = buildPoints(baseText, parsed.points);
  const dropped = { droppedSpans: built.droppedSpans, droppedPoints: built.droppedPoints };
  if (built.points.length === 0) {
    const detail = built.droppedSpans > 0 ? `${built.droppedSpans} quoted span(s) not found exactly once in the base text` : 'the model proposed no point';
    return { write: write({ outcome: 'no-points', ...spent, ...dropped, detail }) };
  }
  if (!validGeneratedPoints(baseText, built.points)) return { write: write({ outcome: 'malformed', ...spent, ...dropped, detail: 'the points break the deletion rules' }) };
  const store = {
    problemId,
    agent: config.model,
    score: null,
    points: JSON.stringify(built.points),
    source: 'generate' as const,
    promptVersion: PROMPT_VERSION,
    tokensIn: answer.tokensIn,
    tokensOut: answer.tokensOut,
    baseSha256: sha,
    createdAt: deps.now().toISOString(),
  };
  return { write: write({ outcome: 'stored', ...spent, ...dropped }), store };
}

function parseAnswer(content: string): { ok: true; points: ModelPoint[] } | { ok: false; detail: string } {
  let json: unknown;
  try {
    json = JSON.parse(answerJsonText(content));
  } catch {
    return { ok: false, detail: 'the answer is not JSON' };
  }
  const checked = modelAnswerSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { ok: false, detail: `${issue.path.join('.') || '(answer)'}: ${issue.message}` };
  }
  return { ok: true, points: checked.data.points };
}
