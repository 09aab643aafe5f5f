/** The suggestions table's SQL: named functions with parameterised statements. */
import { all, get, run, type DB } from './database';
import { decodeJson } from './storedJson';
import { sourcesSchema, type Sources } from '../shared/schemas/adjudication';
import { suggestedPointSchema, type Suggestion } from '../shared/suggestions/schema';

export interface SuggestionRow {
  id: number;
  problem_id: number;
  question_id: string;
  agent: string;
  score: number | null;
  /** The suggested points, read through the shared schema (a bad stored row shows no points). */
  points: Suggestion['points'];
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

type StoredSuggestionRow = Omit<SuggestionRow, 'points'> & { points: string };
const suggestedPointList = suggestedPointSchema.array();
const suggestionFromRow = (r: StoredSuggestionRow): SuggestionRow => ({ ...r, points: decodeJson(r.points, suggestedPointList, []) });

/** A problem's suggestions, by agent. */
export const suggestionsOfProblem = (db: DB, problemId: number): SuggestionRow[] =>
  all<StoredSuggestionRow>(db, `${SELECT} WHERE s.problem_id = ? ORDER BY s.agent, s.id`, [problemId]).map(suggestionFromRow);

export function suggestionById(db: DB, id: number): SuggestionRow | undefined {
  const row = get<StoredSuggestionRow>(db, `${SELECT} WHERE s.id = ?`, [id]);
  return row && suggestionFromRow(row);
}

/** Every stored suggestion (for the analysis figures), by problem then agent. */
export const allSuggestions = (db: DB): SuggestionRow[] => all<StoredSuggestionRow>(db, `${SELECT} ORDER BY p.question_id, s.agent`).map(suggestionFromRow);

/** Note when an annotator was first served a problem's suggestions (later servings keep the first time). */
export function recordExposure(db: DB, problemId: number, userId: number, at: string): void {
  run(db, 'INSERT OR IGNORE INTO suggestion_exposures (problem_id, user_id, first_shown_at) VALUES (?, ?, ?)', [problemId, userId, at]);
}

export const wasExposed = (db: DB, problemId: number, userId: number): boolean =>
  get<{ one: number }>(db, 'SELECT 1 AS one FROM suggestion_exposures WHERE problem_id = ? AND user_id = ?', [problemId, userId]) !== undefined;

export interface ExposureRow {
  problem_id: number;
  user_id: number;
  first_shown_at: string;
}

export const allExposures = (db: DB): ExposureRow[] => all<ExposureRow>(db, 'SELECT problem_id, user_id, first_shown_at FROM suggestion_exposures ORDER BY problem_id, user_id');

/** Whether the annotator has saved a point of their own (provenance 'own', at least one deletion) on the problem. */
export const hasOwnPoint = (db: DB, problemId: number, userId: number): boolean =>
  get<{ one: number }>(
    db,
    `SELECT 1 AS one FROM annotation_points ap JOIN annotations a ON a.id = ap.annotation_id
      WHERE a.problem_id = ? AND a.user_id = ? AND ap.provenance = 'own' AND ap.deletions <> '[]' LIMIT 1`,
    [problemId, userId],
  ) !== undefined;

export interface DismissalRow {
  suggestion_id: number;
  point_idx: number;
}

/** The suggested points one annotator dismissed on a problem (theirs only). */
export const dismissalsOf = (db: DB, problemId: number, userId: number): DismissalRow[] =>
  all<DismissalRow>(db, 'SELECT suggestion_id, point_idx FROM suggestion_dismissals WHERE problem_id = ? AND user_id = ? ORDER BY suggestion_id, point_idx', [problemId, userId]);

/** Replace one annotator's dismissals on a problem (inside the caller's transaction). */
export function writeDismissals(db: DB, problemId: number, userId: number, dismissed: readonly { suggestionId: number; point: number }[]): void {
  run(db, 'DELETE FROM suggestion_dismissals WHERE problem_id = ? AND user_id = ?', [problemId, userId]);
  for (const d of dismissed) {
    run(db, 'INSERT OR IGNORE INTO suggestion_dismissals (problem_id, user_id, suggestion_id, point_idx) VALUES (?, ?, ?, ?)', [problemId, userId, d.suggestionId, d.point]);
  }
}

export interface SubmittedPointOriginRow {
  annotation_id: number;
  provenance: 'own' | 'suggested' | 'suggested-edited';
  suggestion_agent: string | null;
}

/** The origins of every submitted annotation's points, by annotation then point order. */
export const readSubmittedPointOrigins = (db: DB): SubmittedPointOriginRow[] =>
  all<SubmittedPointOriginRow>(
    db,
    `SELECT ap.annotation_id, ap.provenance, ap.suggestion_agent FROM annotation_points ap
       JOIN annotations a ON a.id = ap.annotation_id
      WHERE a.status = 'submitted' ORDER BY ap.annotation_id, ap.idx`,
  );

export interface SubmittedTimeRow {
  id: number;
  problem_id: number;
  user_id: number;
  active_ms: number;
}

/** Every submitted annotation with its time on task. */
export const readSubmittedTimes = (db: DB): SubmittedTimeRow[] =>
  all<SubmittedTimeRow>(db, `SELECT id, problem_id, user_id, active_ms FROM annotations WHERE status = 'submitted' ORDER BY id`);

export interface GoldSourceRow {
  problem_id: number;
  provenance: string;
  /** The annotator points the gold point was built from (bad stored sources read as none). */
  sources: Sources;
}

const NO_SOURCES: Sources = { from: { a: null, b: null } };

/** Where each resolved gold point came from (provenance A/B/merged/new and the annotator points it was built from). */
export const readResolvedGoldSources = (db: DB): GoldSourceRow[] =>
  all<Omit<GoldSourceRow, 'sources'> & { sources: string }>(
    db,
    `SELECT g.problem_id, g.provenance, g.sources FROM gold_points g
       JOIN adjudications ad ON ad.problem_id = g.problem_id
      WHERE ad.status = 'resolved' ORDER BY g.problem_id, g.idx`,
  ).map((r) => ({ ...r, sources: decodeJson(r.sources, sourcesSchema, NO_SOURCES) }));

/** Whether anything about suggestions is stored at all (else the analysis says nothing). */
export const anySuggestionData = (db: DB): boolean =>
  get<{ one: number }>(db, `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM suggestions) OR EXISTS (SELECT 1 FROM suggestion_exposures)`) !== undefined;
