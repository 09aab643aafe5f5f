import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { findProblemText } from '../../../db/problems';
import { suggestionsOfProblem, upsertSuggestion } from '../../../db/suggestions';
import type { Point } from '../../../shared/edits';
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { checkSuggestion } from '../../../shared/suggestions/check';
import { suggestionLineSchema, type SuggestionLine } from '../../../shared/suggestions/schema';
import { baseTextHash } from '../../domain/baseText';
import { IssueList } from '../../files/fileIssues';
import { jsonLinesOf, schemaIssues } from '../../files/jsonLines';
import { ImportError } from '../lcbFile';
import type { Clock } from '../activeTime';

export interface SuggestionImportSummary {
  /** Suggestions in the file. */
  total: number;
  /** Problem–agent pairs with no stored suggestion before. */
  created: number;
  /** Stored suggestions of the same problem and agent the file replaced. */
  replaced: number;
}

interface Planned {
  line: SuggestionLine;
  problemId: number;
  baseSha256: string;
}

/** Check one well-formed line against the database (read-only): its problem and its points in that problem's base text. */
function planLine(db: DB, number: number, line: SuggestionLine): { planned: Planned } | { issues: ImportIssue[] } {
  const problem = findProblemText(db, line.question_id);
  if (!problem) return { issues: [{ line: number, field: 'question_id', message: `there is no problem "${line.question_id}" (import the problems first)` }] };
  const points: Point[] = line.points;
  const findings = checkSuggestion(problem.base_text, points);
  if (findings.length > 0) return { issues: findings.map((f) => ({ line: number, field: f.path, message: f.message })) };
  return { planned: { line, problemId: problem.id, baseSha256: baseTextHash(problem.base_text) } };
}

/** Every line of the file checked (shape, duplicates, the database), in slices that let other requests through. */
async function planFile(db: DB, file: string): Promise<{ planned: Planned[]; issues: IssueList }> {
  const planned: Planned[] = [];
  const issues = new IssueList();
  const seen = new Map<string, number>();
  for await (const { number, json } of jsonLinesOf(file, issues)) {
    const parsed = suggestionLineSchema.safeParse(json);
    if (!parsed.success) {
      const error = parsed.error;
      issues.add(() => schemaIssues(number, error, '(line)'));
      continue;
    }
    const key = `${parsed.data.question_id}\u0000${parsed.data.agent}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.add([{ line: number, field: 'agent', message: `${parsed.data.agent} already suggests for ${parsed.data.question_id} on line ${first}` }]);
      continue;
    }
    seen.set(key, number);
    const result = planLine(db, number, parsed.data);
    if ('issues' in result) issues.add(result.issues);
    else planned.push(result.planned);
  }
  if (planned.length === 0 && issues.empty) issues.add([{ line: 0, field: '', message: 'the file holds no suggestions' }]);
  return { planned, issues };
}

/**
 * `suggestions import FILE`: one suggestion per line (question_id, agent, score?, 1–3 points with
 * offsets in the base text), checked like import-annotations — every bad line reported as
 * "line N: field: message" (the first ones; the rest counted), and all or nothing: one
 * transaction stores every line, or nothing is stored. A line for a problem and agent already
 * stored replaces that suggestion.
 */
export async function importSuggestionsFile(db: DB, actor: Actor, file: string, sourceName: string, clock: Clock = Date.now): Promise<SuggestionImportSummary> {
  const { planned, issues } = await planFile(db, file);
  if (!issues.empty) throw ImportError.of(issues);
  const createdAt = new Date(clock()).toISOString();
  return transaction(db, () => {
    const summary: SuggestionImportSummary = { total: planned.length, created: 0, replaced: 0 };
    for (const p of planned) {
      // The check ran before the transaction: a problem re-imported since then is checked again.
      const now = findProblemText(db, p.line.question_id);
      if (!now || baseTextHash(now.base_text) !== p.baseSha256) {
        throw ImportError.of(oneIssue({ line: 0, field: 'question_id', message: `${p.line.question_id} changed during the import; run it again` }));
      }
      const existed = suggestionsOfProblem(db, p.problemId).some((s) => s.agent === p.line.agent);
      upsertSuggestion(db, {
        problemId: p.problemId,
        agent: p.line.agent,
        score: p.line.score ?? null,
        points: JSON.stringify(p.line.points),
        source: 'import',
        baseSha256: p.baseSha256,
        createdAt,
      });
      summary[existed ? 'replaced' : 'created']++;
    }
    appendEvent(db, actor, { action: 'suggestion.import', entityType: 'suggestion', details: { file: sourceName, ...summary, agents: [...new Set(planned.map((p) => p.line.agent))].sort() } });
    return summary;
  });
}

function oneIssue(issue: ImportIssue): IssueList {
  const list = new IssueList();
  list.add([issue]);
  return list;
}
