/**
 * Pilot studies: the API contract shared by the server, the CLI and the client.
 * People (pilots) work release tasks under the benchmark's protocol; their sessions become runs
 * named `human:<alias>` beside the models' runs.
 */
import { z } from 'zod';
import { MAX_ACTIVE_MS_PER_SAVE } from './annotation';
import { username } from './auth';
import type { ResponseBudget } from '../pilots/budget';
import { DEFAULT_SKIP_AFTER_MINUTES, TESTS_MODES, type TestsMode } from './pilotProtocol';
import type { CodeTelemetry } from './pilotCode';
import type { QuestionnaireMean } from '../pilots/questionnaires';

export const DEFAULT_MAX_ROUNDS = 6;
export const DEFAULT_PILOT_THRESHOLD = 0.4;
/** A question is refused when empty (after trimming) or this long or longer. */
export const MAX_QUESTION_CHARS = 1000;
/** Largest code a save may carry (characters). */
export const MAX_CODE_CHARS = 200_000;
/** How often the pilot page saves the code as a snapshot. */
export const CODE_SNAPSHOT_MS = 15_000;

/** The answers the protocol gives when no key question's answer is due. */
export const ALREADY_ANSWERED = 'This question has already been answered.';
export const NOT_RELEVANT = 'This question is not relevant to the current task.';

/** Study names go into URLs, the CLI and file names. */
export const studyName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'use 1–64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

const count = z.number().int('must be an integer');

// ---------------------------------------------------------------- requests

/** Which tasks of the release a study covers: all, or a stratified sample (by K and ambiguity type). */
export const studyTasks = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  z.object({
    mode: z.literal('sample'),
    /** How many tasks in all; shared among the strata (K × type of the first key question) in proportion to their size. */
    size: count.min(1, 'must be at least 1'),
    /** The sample is the same for the same release, size and seed. */
    seed: count.min(0, 'must be ≥ 0').default(0),
  }),
  /** Named tasks of the release (added after the first contract; the other modes are unchanged). */
  z.object({
    mode: z.literal('tasks'),
    taskIds: z.array(z.string().trim().min(1, 'must be a task id')).min(1, 'name at least one task').max(100_000),
  }),
]);
export type StudyTasks = z.infer<typeof studyTasks>;

export const createStudyBody = z.object({
  name: studyName,
  /** A stored release's name. */
  release: z.string().trim().min(1, 'name the stored release the study is on'),
  tasks: studyTasks.default({ mode: 'all' }),
  /** Usernames of active accounts with the pilot role. */
  pilots: z.array(username).min(1, 'choose at least one pilot').max(500, 'at most 500 pilots'),
  pilotsPerTask: count.min(1, 'must be at least 1').max(50, 'must be at most 50').default(1),
  /**
   * The benchmark's max_turns: responses allowed per task, the code included (at most maxRounds − 1
   * questions then code, or a maxRounds-th question that ends the task without code).
   */
  maxRounds: count.min(1, 'must be at least 1').max(20, 'must be ≤ 20').default(DEFAULT_MAX_ROUNDS),
  threshold: z.number({ message: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').default(DEFAULT_PILOT_THRESHOLD),
  /** Optional limit per task in minutes; past it a pilot can no longer ask, only write code. */
  timeLimitMinutes: count.min(1, 'must be at least 1').max(600, 'must be at most 600').nullable().default(null),
  /**
   * Pilots (usernames, among `pilots`) who once held a role that reads the release's key questions
   * (adjudicator, maintainer) and may still get tasks: the maintainer's explicit override, recorded
   * in the study. Any other such pilot gets no task.
   */
  allowKeyReaders: z.array(username).max(500, 'at most 500 pilots').default([]),
  /**
   * A study is drawn from an unpublished release: a pilot could look a task's text up in a
   * published one and find its key questions. true lets the maintainer draw it from a published
   * release anyway; the study records that it was.
   */
  allowPublished: z.boolean({ message: 'must be true or false' }).default(false),
  /**
   * When the public tests (the statement's samples) are offered: on the submitted code only (the
   * default: the run stays comparable with the models'), or while coding (RealHumanEval's condition).
   */
  tests: z.enum(TESTS_MODES, { message: `must be one of ${TESTS_MODES.join(', ')}` }).default('after-submit'),
  /** Minutes on a task before the pilot may skip it (0: at once). */
  skipAfterMinutes: count.min(0, 'must be ≥ 0').max(600, 'must be at most 600').default(DEFAULT_SKIP_AFTER_MINUTES),
});
export type CreateStudyBody = z.input<typeof createStudyBody>;
export type CreateStudyRequest = z.infer<typeof createStudyBody>;

export const askQuestionBody = z.object({
  question: z
    .string({ message: 'required' })
    .refine((q) => q.trim() !== '', 'write a question first')
    .refine((q) => q.length < MAX_QUESTION_CHARS, `must be shorter than ${MAX_QUESTION_CHARS} characters`),
});
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** An autosave (every CODE_SNAPSHOT_MS) or the final submit; snapshots are kept at most every CODE_SNAPSHOT_MS (server/services/pilots/code.ts). */
export const saveCodeBody = z.object({
  /** The version GET or the previous save returned; a stale one gets 409. */
  version: count.min(0, 'must be ≥ 0'),
  code: z.string({ message: 'required' }).max(MAX_CODE_CHARS, `at most ${MAX_CODE_CHARS} characters`),
  /** Active time since the last save (ms); the server caps it by the wall time since then, as the annotation editor's saves. */
  activeMs: count.min(0, 'must be ≥ 0').max(MAX_ACTIVE_MS_PER_SAVE, `must be ≤ ${MAX_ACTIVE_MS_PER_SAVE}`).default(0),
  /** Pastes into the code editor since the last save. */
  pastes: count.min(0, 'must be ≥ 0').max(10_000, 'must be ≤ 10000').default(0),
});
export type SaveCodeBody = z.input<typeof saveCodeBody>;
export type SaveCodeRequest = z.infer<typeof saveCodeBody>;

/** "Write code": ends the questions; the body is empty. */
export const startCodeBody = z.object({}).strict();

/** Ready: nothing to send, the call itself starts the clock. */
export const readyBody = z.object({}).strict();

export const reviewQuestionBody = z
  .object({
    /** The review's version as listed (0 before the first review); a stale one gets 409 stale_version. */
    version: count.min(0, 'must be ≥ 0'),
    /** The reviewed label: did this turn hit a key question not yet covered? */
    hit: z.boolean({ message: 'must be true or false' }),
    /** Which key question (index in the task's qa_pairs) it hit; required when hit, null otherwise. */
    keyQuestion: count.min(0, 'must be ≥ 0').nullable().default(null),
    note: z.string().trim().max(2000, 'at most 2000 characters').default(''),
  })
  .refine((b) => !b.hit || b.keyQuestion !== null, { message: 'say which key question it hit', path: ['keyQuestion'] })
  .refine((b) => b.hit || b.keyQuestion === null, { message: 'only a hit names a key question', path: ['keyQuestion'] });
export type ReviewQuestionBody = z.input<typeof reviewQuestionBody>;
export type ReviewQuestionRequest = z.infer<typeof reviewQuestionBody>;

export const studyQuestionsQuery = z.object({
  /** 'pending': not reviewed yet; 'reviewed'; default all. */
  state: z.enum(['all', 'pending', 'reviewed']).default('all'),
});

// ---------------------------------------------------------------- responses

export interface StudyFigures {
  sessions: number;
  submitted: number;
  started: number;
  questions: number;
  reviewed: number;
}

/** Live labels against reviewed labels over the reviewed questions: the human check of the lexical judge. */
export interface LabelAgreement {
  n: number;
  accuracy: number | null;
  /** Cohen's κ; null when undefined (every label of both in one class) or nothing reviewed. */
  kappa: number | null;
  confusion: { tp: number; tn: number; fp: number; fn: number };
}

export interface StudySummary {
  name: string;
  release: string;
  createdAt: string;
  createdBy: string | null;
  tasks: number;
  pilots: number;
  pilotsPerTask: number;
  maxRounds: number;
  threshold: number;
  timeLimitMinutes: number | null;
  sampling: StudyTasks;
  progress: StudyFigures;
  /** Drawn from a published release (the maintainer allowed it): a pilot could have looked its texts up. */
  fromPublishedRelease: boolean;
  /** When the public tests are offered (added with Run and Test): after the submit, or while coding. */
  tests?: TestsMode;
  /** Minutes on a task before Skip is offered (added with Skip). */
  skipAfterMinutes?: number;
}

export interface StudyPilot {
  alias: string;
  /** Only maintainers see usernames; null for adjudicators. Never in exports or run names. */
  username: string | null;
  /** The run's model name on the Runs page: `human:<alias>`. */
  model: string;
  sessions: number;
  submitted: number;
  /** Mean seconds from opening a task to submitting it, over submitted sessions; null for none. */
  avgSecondsPerTask: number | null;
  /** Mean seconds from opening a task to its first question, over sessions with one; null for none. */
  avgSecondsToFirstQuestion: number | null;
  /** Mean seconds from opening a task to "Write code" (added after the first contract); null for none. */
  avgSecondsToCode?: number | null;
  /** Total active time in the code editor over the pilot's sessions, ms (added after the first contract). */
  activeMs?: number;
  /** Pastes into the code editor over the pilot's sessions (added after the first contract). */
  pastes?: number;
  /** Run and Test over the pilot's sessions (added with them). */
  code?: CodeTelemetry;
}

export interface StudyDetail extends StudySummary {
  pilotList: StudyPilot[];
  /**
   * Pilots (aliases) who once held a role that reads the release's key questions: `excluded` got
   * no task; `allowed` were let in by the maintainer's override when the study was created.
   */
  keyReaders: { excluded: string[]; allowed: string[] };
  agreement: LabelAgreement;
  /** Tasks that got fewer pilots than asked (no eligible pilot left), with how many they got. */
  shortfall: { taskId: string; assigned: number }[];
  /** Each questionnaire question's mean over the study's answers (added with the questionnaires). */
  questionnaireMeans?: QuestionnaireMean[];
}

export type SessionStatus = 'new' | 'asking' | 'coding' | 'submitted';

/**
 * A task in the pilot's list. Never the release's task id (it indexes the public JSONL, so its
 * key questions and answers): only the session's opaque id and its number in this list.
 */
export interface PilotTaskItem {
  /** Session id: the handle of every pilot call. */
  id: number;
  /** 1-based number of the task among the pilot's tasks of this study ("Task 2"). */
  number: number;
  study: string;
  status: SessionStatus;
  roundsUsed: number;
  maxRounds: number;
  timeLimitMinutes: number | null;
  openedAt: string | null;
  submittedAt: string | null;
}

export interface PilotTurn {
  /** 0-based question turn. */
  turn: number;
  question: string;
  answer: string;
  at: string;
}

/** What a pilot sees of a task: never the base text, the points, the key questions or other variants. */
export interface PilotSessionView extends PilotTaskItem {
  /** The task's underspecified text (modified_content). */
  text: string;
  /** Responses left (questions and the code). */
  roundsLeft: number;
  /** The benchmark's response budget: what is left, and whether the next response is the last. */
  budget: ResponseBudget;
  /** True while a question may be asked (rounds left, not coding, not past the time limit). */
  canAsk: boolean;
  /** ISO time after which no question is taken, or null without a time limit (set once opened). */
  deadline: string | null;
  turns: PilotTurn[];
  code: { content: string; version: number; savedAt: string | null };
  activeMs: number;
  pastes: number;
}

export interface AskResult {
  turn: PilotTurn;
  roundsLeft: number;
  budget: ResponseBudget;
  canAsk: boolean;
  /** 'submitted' when this was the last allowed response (the task ended without code). */
  status: SessionStatus;
}

export interface SaveCodeResult {
  version: number;
  savedAt: string;
  activeMs: number;
  pastes: number;
  status: SessionStatus;
}

/** One pilot question as the reviewer sees it: the matched key question and the similarity side by side. */
export interface ReviewQuestion {
  id: number;
  /** The review's version: send it with the next review (0 before the first). */
  version: number;
  alias: string;
  sessionId: number;
  taskId: string;
  questionId: string;
  turn: number;
  question: string;
  askedAt: string;
  answer: string;
  similarity: number;
  /** Index of the most similar key question (−1 when the task has none). */
  matched: number;
  liveHit: boolean;
  /** The key question the live answer gave (null when not a hit). */
  liveKeyQuestion: number | null;
  reviewed: { hit: boolean; keyQuestion: number | null; note: string; by: string; at: string } | null;
  keyQuestions: { question: string; answer: string; type: string | null }[];
}

export interface ReviewQuestionsResponse {
  study: string;
  threshold: number;
  questions: ReviewQuestion[];
}

export interface StudiesResponse {
  studies: StudySummary[];
}

export interface PilotTasksResponse {
  tasks: PilotTaskItem[];
}


/**
 * Also extended (compatibly) for pilots: GET /api/runs lists the `human:<alias>` runs with
 * `kind: 'human'` and their `human` timings; GET /api/runs/curation counts humans and models
 * apart (`humans`, `models` on each key question, `neverAskedByHumans`); flagging a key question no
 * pilot asked uses POST /api/runs/tasks/:taskId/flag with `model: 'human:<alias>'` or no model.
 */
export const pilotModelName = (alias: string): string => `human:${alias}`;
