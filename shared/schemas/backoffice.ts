import { z } from 'zod';
import { password, role, username } from './auth';
import type { Role } from '../roles';
import { DIFFICULTIES, type Difficulty } from './lcb';

/** An account as the API shows it (never its password hash). */
export interface UserView {
  username: string;
  role: Role;
  active: boolean;
  createdAt: string;
  /** Set while failed logins hold the account back (docs/reliability.md, "Login limits"); a maintainer can clear it. */
  loginLock?: LoginLockView;
}

export interface LoginLockView {
  /** Failed logins for this username from all addresses in the current window. */
  failures: number;
  /** Seconds an unknown address must still wait before trying this username again. */
  retryAfter: number;
  /** Addresses that used up their own attempts for this username. */
  lockedAddresses: number;
}

export const createUserBody = z.object({ username, role, password });
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z
  .object({ role: role.optional(), active: z.boolean().optional(), password: password.optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined || b.password !== undefined, 'give at least one of role, active, password');
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const setAssignmentBody = z.object({
  annotators: z
    .tuple([username, username])
    .refine(([a, b]) => a.toLowerCase() !== b.toLowerCase(), 'choose two different annotators'),
});
export type SetAssignmentBody = z.infer<typeof setAssignmentBody>;

/** Where one annotator stands on one problem. */
export type AnnotationProgress = 'todo' | 'in-progress' | 'submitted';
/** Where a problem stands on the way to its gold version. */
export type AdjudicationProgress = 'waiting' | 'ready' | 'draft' | 'resolved';

export interface AssignedAnnotator {
  username: string;
  status: AnnotationProgress;
  /** Present while the annotator has skipped the problem: their reason. */
  skipped?: string;
}

export interface ProblemListItem {
  questionId: string;
  title: string;
  platform: string;
  difficulty: Difficulty;
  contestDate: string;
  annotators: AssignedAnnotator[];
  adjudication: AdjudicationProgress;
  /** Flags raised on the problem and not yet resolved. */
  openFlags: number;
  /** The batch the problem is in, with its due date (null: in no batch). */
  batch: { name: string; due: string } | null;
}

/** A problem's stored content as imported from a LiveCodeBench record: of the hidden tests, only size and digest. */
export interface ProblemContent {
  contestId: string;
  statement: string;
  baseText: string;
  starterCode: string;
  publicTestCases: string;
  metadata: string;
  privateTestsBytes: number;
  privateTestsSha256: string | null;
}

/**
 * One problem in full, with where its work stands: the annotators in slot order (named for
 * maintainers, or when names are revealed; else "Annotator A" / "B") and the adjudication.
 */
export interface ProblemDetail extends Omit<ProblemListItem, 'openFlags' | 'batch'>, ProblemContent, ProblemStanding {
  importOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** One gold point as the Problem page lists it: the deleted text, the key question and its answer. */
export interface ProblemGoldPoint {
  question: string;
  answer: string;
  type: string | null;
  /** The base text's deleted stretches, in text order. */
  deleted: string[];
}

/** Where a problem sits in the work and what became of it: the next step, its batch, gold, releases and last reopen. */
export interface ProblemStanding {
  /** Fewer than two annotators and no adjudication begun (the one definition every page counts with). */
  needsAnnotators: boolean;
  batch: { name: string; due: string } | null;
  /** The gold points in order while the problem is resolved; empty otherwise. */
  gold: ProblemGoldPoint[];
  /** The stored releases holding tasks of this problem, oldest first, with how many. */
  releases: { name: string; tasks: number }[];
  /** The latest reopen of its adjudication, with the reason given (null when none was). */
  reopen: { at: string; by: string | null; reason: string | null } | null;
}

export interface AnnotatorWorkload {
  username: string;
  active: boolean;
  assigned: number;
  todo: number;
  inProgress: number;
  submitted: number;
}

export interface AutoAssignResult {
  problems: number;
  assignments: number;
  /** Open problems left out because they already have resolved gold (present when there are any). */
  skippedResolved?: number;
  /** Open problems left out because they are back in adjudication (a Runs flag or a reopen): never annotation work. */
  skippedInAdjudication?: number;
}

/** POST /api/assignments/auto: problems with resolved gold are skipped unless includeResolved. */
export const autoAssignBody = z.object({ includeResolved: z.boolean().default(false) });

/** What auto-assignment would do now: the same counts, and how many new assignments each annotator gets. */
export interface AutoAssignPreview extends AutoAssignResult {
  byAnnotator: { username: string; assignments: number }[];
}

/** GET /api/assignments/auto/preview?includeResolved=true|false */
export const autoAssignPreviewQuery = z.object({ includeResolved: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

/** Paging of a long list: at most `limit` rows starting at row `offset` (0-based). */
export const pageQuery = {
  limit: z.coerce.number().int('must be an integer').min(1, 'must be ≥ 1').max(200, 'must be ≤ 200').default(50),
  offset: z.coerce.number().int('must be an integer').min(0, 'must be ≥ 0').max(10_000_000).default(0),
};

/** The `batch` filter's value for problems in no batch (no batch may take this name). */
export const NO_BATCH = 'none';

export const PROBLEM_SORTS = ['order', 'id', 'title', 'difficulty', 'contestDate'] as const;
export type ProblemSort = (typeof PROBLEM_SORTS)[number];
export const ADJUDICATION_PROGRESS = ['waiting', 'ready', 'draft', 'resolved'] as const;

/** Query of GET /api/problems: one page of problems, sorted and filtered in SQL. */
export const problemListQuery = z.object({
  ...pageQuery,
  sort: z.enum(PROBLEM_SORTS).default('order'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** Text in the question id, title, difficulty or an annotator's username (case-insensitive). */
  q: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  difficulty: z.enum(DIFFICULTIES).optional(),
  adjudication: z.enum(ADJUDICATION_PROGRESS).optional(),
  /** "open": fewer than two annotators; "full": two. */
  assigned: z.enum(['open', 'full']).optional(),
  /** "open": only problems with an open flag (docs/adjudication.md#discussion-and-flags). */
  flags: z.enum(['open']).optional(),
  /** "yes": only problems an assigned annotator skipped (to reassign them). */
  skipped: z.enum(['yes']).optional(),
  /** A batch's name (its problems), or NO_BATCH: the problems in no batch. */
  batch: z.string().trim().max(64, 'must be at most 64 characters').optional(),
});
export type ProblemListQuery = z.infer<typeof problemListQuery>;

/** The Problems page's filters without sorting and paging: which problems a filter means, everywhere. */
export const problemFilter = problemListQuery.pick({ q: true, difficulty: true, adjudication: true, assigned: true, flags: true, skipped: true, batch: true }).strict();
export type ProblemFilter = z.infer<typeof problemFilter>;

export interface ProblemListPage {
  items: ProblemListItem[];
  /** Problems matching the filters (all pages). */
  total: number;
  limit: number;
  offset: number;
  /** Problems in the whole database with fewer than two annotators, whatever the filters. */
  needAnnotators: number;
}
