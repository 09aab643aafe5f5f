import type { DB } from '../../../db/database';
import { readSubmittedPairAnnotations } from '../../../db/annotations';
import { readSubmittedPairPoints } from '../../../db/points';
import {
  allExposures,
  allSuggestions,
  anySuggestionData,
  readResolvedGoldSources,
  readSubmittedPointOrigins,
  readSubmittedTimes,
  type GoldSourceRow,
  type SuggestionRow,
  type SubmittedPointOriginRow,
} from '../../../db/suggestions';
import { suggestionFigures, type ProvenancedPoint, type SuggestionFigures, type SuggestionPair } from '../../../shared/suggestions/analysis';
import { loadAgreementItems } from '../agreement';

type Origin = Pick<SubmittedPointOriginRow, 'provenance' | 'suggestion_agent'>;

function originsByAnnotation(db: DB): Map<number, Origin[]> {
  const out = new Map<number, Origin[]>();
  for (const r of readSubmittedPointOrigins(db)) {
    let list = out.get(r.annotation_id);
    if (!list) out.set(r.annotation_id, (list = []));
    list.push(r);
  }
  return out;
}

/**
 * The agent a gold point came from: the provenance of the annotator point the adjudicator took
 * it from — A's point for 'A', B's for 'B', for 'merged' the point whose span was taken (A's when
 * both agreed); a 'new' or 'legacy' point came from no suggestion.
 */
function goldAgent(g: GoldSourceRow, sideA: Origin[] | undefined, sideB: Origin[] | undefined): string | null {
  const { from, span } = g.sources;
  const side = g.provenance === 'A' ? 'A' : g.provenance === 'B' ? 'B' : g.provenance === 'merged' ? (span === 'B' ? 'B' : 'A') : null;
  if (side === null) return null;
  const index = side === 'A' ? from.a : from.b;
  return index === null ? null : ((side === 'A' ? sideA : sideB)?.[index]?.suggestion_agent ?? null);
}

function goldAgentsOf(db: DB, origins: Map<number, Origin[]>, sides: Map<number, { a: number; b: number }>): { problemId: number; agent: string | null }[] {
  return readResolvedGoldSources(db).map((g) => {
    const s = sides.get(g.problem_id);
    return { problemId: g.problem_id, agent: goldAgent(g, s ? origins.get(s.a) : undefined, s ? origins.get(s.b) : undefined) };
  });
}

/** Every resolved gold point's problem and the agent it came from (null: from no suggestion). */
export function goldPointAgents(db: DB): { problemId: number; agent: string | null }[] {
  const annotations = readSubmittedPairAnnotations(db);
  const sides = new Map<number, { a: number; b: number }>();
  for (let i = 0; i + 1 < annotations.length; i += 2) sides.set(annotations[i]!.problem_id, { a: annotations[i]!.id, b: annotations[i + 1]!.id });
  return goldAgentsOf(db, originsByAnnotation(db), sides);
}

/** The Suggestions figures of the database, or null when no suggestion was ever stored or shown (reports then stay as they were). */
export function suggestionAnalysis(db: DB): SuggestionFigures | null {
  if (!anySuggestionData(db)) return null;
  const origins = originsByAnnotation(db);
  const exposed = new Set(allExposures(db).map((e) => `${e.problem_id}:${e.user_id}`));
  const times = readSubmittedTimes(db);
  const userOf = new Map(times.map((t) => [t.id, t]));
  const isExposed = (annotationId: number) => {
    const t = userOf.get(annotationId);
    return t !== undefined && exposed.has(`${t.problem_id}:${t.user_id}`);
  };

  const { items } = loadAgreementItems(db);
  const annotations = readSubmittedPairAnnotations(db);
  const pairPoints = readSubmittedPairPoints(db);
  const sides = new Map<number, { a: number; b: number }>();
  const pairs: SuggestionPair[] = items.map((item, n) => {
    const a = annotations[2 * n]!;
    const b = annotations[2 * n + 1]!;
    sides.set(a.problem_id, { a: a.id, b: b.id });
    const withOrigin = (id: number): ProvenancedPoint[] =>
      (pairPoints.get(id) ?? []).map((p, i) => ({ ...p, provenance: origins.get(id)?.[i]?.provenance ?? 'own', agent: origins.get(id)?.[i]?.suggestion_agent ?? null }));
    return { questionId: item.questionId, baseLength: item.baseLength, annotatorA: item.annotatorA, annotatorB: item.annotatorB, pointsA: withOrigin(a.id), pointsB: withOrigin(b.id), exposedA: isExposed(a.id), exposedB: isExposed(b.id) };
  });

  const offered = new Map<string, number>();
  const byProblem = new Map<number, SuggestionRow[]>();
  for (const s of allSuggestions(db)) byProblem.set(s.problem_id, [...(byProblem.get(s.problem_id) ?? []), s]);
  for (const t of times) {
    if (!exposed.has(`${t.problem_id}:${t.user_id}`)) continue;
    for (const s of byProblem.get(t.problem_id) ?? []) offered.set(s.agent, (offered.get(s.agent) ?? 0) + s.points.length);
  }
  const acceptedPoints = [...origins.values()].flat().flatMap((o) => (o.provenance !== 'own' && o.suggestion_agent !== null ? [{ agent: o.suggestion_agent, provenance: o.provenance }] : []));
  const goldAgents = goldAgentsOf(db, origins, sides).map((g) => g.agent);
  return suggestionFigures({ pairs, offered, acceptedPoints, goldAgents, times: times.map((t) => ({ activeMs: t.active_ms, exposed: isExposed(t.id) })) });
}
