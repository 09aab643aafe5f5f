/** The suggestions table's SQL (issue 27): named functions with parameterised statements. */
import { all, get, run, type DB } from './database';

export interface SuggestionRow {
  id: number;
  problem_id: number;
  question_id: string;
  agent: string;
  score: number | null;
  /** JSON of the points. */
  points: string;
  source: 'import' | 'generate';
  prompt_version: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  base_sha256: string;
  created_at: string;
}

export interface SuggestionWrite {
  problemId: number;
  agent: string;
  score: number | null;
  points: string;
  source: 'import' | 'generate';
  promptVersion?: string | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
  baseSha256: string;
  createdAt: string;
}

/** Store one agent's suggestion for a problem, replacing that agent's previous one (inside the caller's transaction). */
export function upsertSuggestion(db: DB, s: SuggestionWrite): number {
  run(db, 'DELETE FROM suggestions WHERE problem_id = ? AND agent = ?', [s.problemId, s.agent]);
  const result = run(
    db,
    `INSERT INTO suggestions (problem_id, agent, score, points, source, prompt_version, tokens_in, tokens_out, base_sha256, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [s.problemId, s.agent, s.score, s.points, s.source, s.promptVersion ?? null, s.tokensIn ?? null, s.tokensOut ?? null, s.baseSha256, s.createdAt],
  );
  return Number(result.lastInsertRowid);
}

const SELECT = `SELECT s.id, s.problem_id, p.question_id, s.agent, s.score, s.points, s.source, s.prompt_version,
                       s.tokens_in, s.tokens_out, s.base_sha256, s.created_at
                  FROM suggestions s JOIN problems p ON p.id = s.problem_id`;

/** A problem's suggestions, by agent. */
export const suggestionsOfProblem = (db: DB, problemId: number): SuggestionRow[] =>
  all<SuggestionRow>(db, `${SELECT} WHERE s.problem_id = ? ORDER BY s.agent, s.id`, [problemId]);

export const suggestionById = (db: DB, id: number): SuggestionRow | undefined => get<SuggestionRow>(db, `${SELECT} WHERE s.id = ?`, [id]);

/** Every stored suggestion (for the analysis figures), by problem then agent. */
export const allSuggestions = (db: DB): SuggestionRow[] => all<SuggestionRow>(db, `${SELECT} ORDER BY p.question_id, s.agent`);
