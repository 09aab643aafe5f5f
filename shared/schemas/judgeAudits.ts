/** A human audit of a run's judge: the requests' schemas and the answers' shapes, shared by server, CLI and client. */
import { z } from 'zod';
import type { Confusion } from '../runs/judge';
import { modelName } from '../runs/views';

/** Audit names go into URLs and the CLI; labellers see them, so they never name the model (checked on create). */
export const auditName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'use 1–64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

/** The largest sample: every item is read by a person. */
export const MAX_AUDIT_SIZE = 2000;

export const createAuditBody = z.object({
  name: auditName,
  model: modelName,
  size: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_AUDIT_SIZE, `must be at most ${MAX_AUDIT_SIZE}`),
  seed: z.number().int('must be a whole number').min(0, 'must be between 0 and 4294967295').max(4294967295, 'must be between 0 and 4294967295'),
  labelers: z.union([z.literal(1), z.literal(2)], { message: 'must be 1 or 2' }).default(1),
});
export type CreateAuditRequest = z.output<typeof createAuditBody>;

/** "Asks key question i" (its index in the task's key questions) or "asks none of them" (null). */
export const labelBody = z.object({
  keyQuestion: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(9, 'must be at most 9').nullable(),
});
export type LabelRequest = z.output<typeof labelBody>;

/**
 * One item as a labeller sees it: the task's underspecified text, its key questions and the one
 * question asked. Never the run's label, the model, the judge, or anyone else's choice.
 */
export interface AuditItemView {
  id: number;
  taskId: string;
  turn: number;
  question: string;
  keyQuestions: { index: number; question: string }[];
  text: string;
}

/** An item the caller labelled, with the caller's own choice only. */
export interface OwnLabel extends AuditItemView {
  keyQuestion: number | null;
}

/** The caller's work on one audit: how many items there are, which the caller labelled, how many are still open to them. */
export interface LabellingProgress {
  name: string;
  items: number;
  /** Items the caller labelled. */
  done: number;
  /** Items the caller may still label (not yet labelled by them, still short of labels). */
  open: number;
}

export interface LabellingState extends LabellingProgress {
  /** The caller's labelled items, oldest first. */
  mine: OwnLabel[];
}

/** Cohen's κ of two binary raters with its seeded 95% bootstrap interval over the items. */
export interface AuditAgreement {
  /** Items with at least one pair of labels compared. */
  n: number;
  /** Label pairs compared (an item labelled twice gives two against the run). */
  pairs: number;
  accuracy: number | null;
  kappa: number | null;
  /** 95% percentile bootstrap interval of κ, resampling items (null ends: no defined draw). */
  kappa_ci: [number | null, number | null];
  /** Positive = hit. tp/tn: both agree; fn: the reference (first) says hit, the other miss; fp: the reverse. */
  confusion: Confusion;
}

export interface AuditDisagreement {
  id: number;
  taskId: string;
  turn: number;
  question: string;
  /** The run's label. */
  run: boolean;
  /** Each human label: the chosen key question's index, or null for none. */
  humans: (number | null)[];
  /** The lexical check's similarity (its label: ≥ the threshold). */
  similarity: number;
  /** 'miss': a human saw a key question the run's judge did not (a curation signal); 'false hit': the reverse. */
  kind: 'miss' | 'false hit';
  /** The run drill-down of the task. */
  href: string;
}

export interface AuditSummary {
  name: string;
  model: string;
  /** The run's judge as recorded at import; 'unrecorded' when none was. */
  judge: string;
  release_sha256: string;
  size: number;
  seed: number;
  labelers: 1 | 2;
  created_at: string;
  created_by: string | null;
  /** Items with all their labels, and labels given. */
  progress: { complete: number; labels: number; needed: number };
  n: number;
  accuracy: number | null;
  kappa: number | null;
  kappa_ci: [number | null, number | null];
}

/** The audit's report: humans against the run's labels, humans against each other, and the lexical check on the same items. */
export interface AuditReport extends AuditSummary {
  /** The run's question turns the sample was drawn from, and how many of them the run labelled a hit. */
  population: { turns: number; hits: number };
  /** Sampled items the run labelled a hit (the stratum sizes). */
  sampled: { hits: number; misses: number };
  /** Human (reference) against the run's label. */
  confusion: Confusion;
  bootstrap: { seed: number; draws: number; level: number };
  /** Between the two labellers of doubly labelled items (null: no item has two labels). */
  human_human: (AuditAgreement & { same_key_question: number | null }) | null;
  /** The lexical judge check's label (similarity ≥ threshold) against the human labels on the same items. */
  lexical: AuditAgreement & { threshold: number };
  /** Items where a human and the run disagree on hit. */
  disagreements: AuditDisagreement[];
}
