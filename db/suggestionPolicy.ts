/** What the suggestion policy page reads and writes: the problems each policy covers, the stored suggestions, the imports. */
import { z } from 'zod';
import { all, run, type DB } from './database';
import { decodeNullableJson } from './storedJson';
import type { SuggestionPolicy } from '../shared/suggestions/schema';

export interface CoveredProblemRow {
  id: number;
  base_text: string;
  batch_id: number | null;
}

/** Every problem with its batch (null: in none). */
export const readCoveredProblems = (db: DB): CoveredProblemRow[] =>
  all<CoveredProblemRow>(db, 'SELECT p.id, p.base_text, bp.batch_id FROM problems p LEFT JOIN batch_problems bp ON bp.problem_id = p.id ORDER BY p.id');

export interface StoredSuggestionKeyRow {
  problem_id: number;
  agent: string;
  source: 'import' | 'generate';
  base_sha256: string;
  created_at: string;
}

/** Every stored suggestion's problem, agent, source, base text hash and time (not its points). */
export const readStoredSuggestionKeys = (db: DB): StoredSuggestionKeyRow[] =>
  all<StoredSuggestionKeyRow>(db, 'SELECT problem_id, agent, source, base_sha256, created_at FROM suggestions ORDER BY agent, source, problem_id');

/** Set one batch's policy (null: it follows the global one); inside the caller's transaction. */
export function updateBatchSuggestionPolicy(db: DB, batchId: number, policy: SuggestionPolicy | null): void {
  run(db, 'UPDATE batches SET suggestion_policy = ? WHERE id = ?', [policy, batchId]);
}

const importDetails = z.object({
  file: z.string().nullable().optional(),
  total: z.number().int().default(0),
  created: z.number().int().default(0),
  replaced: z.number().int().default(0),
  agents: z.array(z.string()).default([]),
});
export type SuggestionImportDetails = z.infer<typeof importDetails>;

export interface SuggestionImportRow {
  at: string;
  actor: string | null;
  details: SuggestionImportDetails | null;
}

/** The `suggestion.import` events, newest first, their details decoded. */
export const readSuggestionImports = (db: DB, limit = 100): SuggestionImportRow[] =>
  all<{ at: string; actor: string | null; details: string | null }>(
    db,
    "SELECT at, actor, details FROM events WHERE action = 'suggestion.import' ORDER BY id DESC LIMIT ?",
    [limit],
  ).map((r) => ({ at: r.at, actor: r.actor, details: decodeNullableJson(r.details, importDetails, { file: null, total: 0, created: 0, replaced: 0, agents: [] }) }));
