/** The runs' API shapes, shared by the server, the CLI and the client. */
import type { CodeTelemetry, TestsMode } from '../schemas/pilotCode';
import { z } from 'zod';
import type { KeyQuestion, RunTables } from './report';
import type { TaskScore } from './metrics';

/** Model names go into URLs and the CLI: letters, digits and . _ : + - (up to 100). */
export const modelName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:+-]{0,99}$/, 'use 1–100 letters, digits, dots, dashes, underscores, colons or plus signs, starting with a letter or digit');

/** The judge model that labelled a run's hits (the evaluator's judge), as the maintainer names it: one line. */
export const judgeName = z
  .string()
  .trim()
  .min(1, 'name the judge model, or leave it out')
  .max(200, 'at most 200 characters')
  .regex(/^[^\r\n]*$/, 'one line');

export const runImportQuery = z.object({
  model: modelName,
  release: z.string().trim().min(1, 'name the stored release the run is about'),
  replace: z.enum(['0', '1', 'true', 'false']).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  judge: judgeName.optional(),
});

export const judgeQuery = z.object({
  threshold: z.coerce.number({ message: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
});

export const taskQuery = z.object({ release: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 (64 hex digits)').optional() });

export const flagBody = z.object({
  reason: z.string().trim().min(1, 'say why the task goes back to adjudication').max(2000, 'at most 2000 characters'),
  model: modelName.optional(),
});

export interface RunSummary extends RunTables {
  model: string;
  release_sha256: string;
  release: string;
  source_file: string;
  imported_at: string;
  imported_by: string | null;
  /** The judge that labelled the run's hits, when one was recorded at import (absent: unrecorded). */
  judge?: string;
  /** 'human' for a pilot's run (`human:<alias>`, materialized from a pilot study), else 'model'. */
  kind?: 'model' | 'human';
  /** A pilot run's timings: mean seconds per submitted task and to the first question (null when none). */
  human?: {
    study: string;
    avgSecondsPerTask: number | null;
    avgSecondsToFirstQuestion: number | null;
    avgSecondsToCode?: number | null;
    /** The study's test condition: `while-coding` runs saw the public tests and are kept apart from the protocol's human baseline. */
    tests?: TestsMode;
    /** Run and Test telemetry; `publicTestsPassedAtSubmit` is on the public tests (the samples), not pass@1. */
    code?: CodeTelemetry;
  };
}

export interface TaskScoreRow {
  task_id: string;
  tkqr: number;
  ora: number;
  turns: number;
  diff: number;
}

export interface DialogueMessage {
  role: string;
  content: string;
  /** Index of the assistant turn (null for other roles). */
  turn: number | null;
  /** The run's hit label for this turn (null when hit_dict has none). */
  hit: boolean | null;
  /** Index of the key question a hit turn hit (from hit_questions), or null. */
  keyQuestion: number | null;
}

export interface TaskDetail {
  taskId: string;
  questionId: string;
  title: string | null;
  /** The problem's adjudication status in this database, or null. */
  adjudication: string | null;
  text: string;
  keyQuestions: KeyQuestion[];
  gold: { question: string; answer: string; type: string | null; provenance: string }[];
  runs: {
    model: string;
    line: number;
    finished: boolean;
    k: number;
    turnsTotal: number;
    scores: TaskScore;
    hitQuestions: string[];
    keyQuestionsHit: boolean[];
    messages: DialogueMessage[];
    finalCode: string;
  }[];
}
