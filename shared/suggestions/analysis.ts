import type { BootstrapInterval } from '../agreement/bootstrap';
import { overallAgreement, type AgreementItem, type AgreementPoint, type Figure } from '../agreement';
import { defined, undefinedBecause } from '../agreement/coefficients';
import type { PointProvenance } from './schema';

/**
 * What suggestions did to the data, from pure inputs: agreement split by
 * exposure and by provenance (the shared agreement functions on subsets), per-agent use and
 * share of the gold, and time on task with and without suggestions.
 */

/** A submitted annotation point with where it came from. */
export interface ProvenancedPoint extends AgreementPoint {
  provenance: PointProvenance;
  agent: string | null;
}

/** One problem with two submitted annotations, as agreement sees it, plus provenance and exposure. */
export interface SuggestionPair extends Omit<AgreementItem, 'pointsA' | 'pointsB' | 'gold'> {
  pointsA: readonly ProvenancedPoint[];
  pointsB: readonly ProvenancedPoint[];
  /** Whether each annotator was served suggestions for this problem before submitting. */
  exposedA: boolean;
  exposedB: boolean;
}

/** The three figures each subset reports; each carries its n. A hook for the bootstrap intervals (agreement-ci): add them beside. */
export interface SubsetAgreement {
  problems: number;
  typeKappa: Figure;
  deletionKappa: Figure;
  pointF1: Figure;
  /** Each figure's 95% percentile bootstrap interval over the subset's problems (the agreement report's settings). */
  intervals: { typeKappa: BootstrapInterval; deletionKappa: BootstrapInterval; pointF1: BootstrapInterval };
}

export interface AgentUse {
  agent: string;
  /** Suggested points shown to annotators who then submitted (one per annotator and point). */
  offered: number;
  /** Submitted points taken from this agent (as is or edited). */
  accepted: number;
  edited: number;
  acceptanceRate: Figure;
  editRate: Figure;
  /** Resolved gold points that came from this agent (through the annotator point they were taken from). */
  goldPoints: number;
  goldShare: Figure;
}

export interface TimeFigures {
  annotations: number;
  meanActiveMs: number | null;
}

export interface SuggestionFigures {
  byExposure: { both: SubsetAgreement; neither: SubsetAgreement; /** Pairs where one annotator saw suggestions and the other did not. */ mixed: number };
  byProvenance: { own: SubsetAgreement; suggested: SubsetAgreement };
  agents: AgentUse[];
  gold: { points: number; fromSuggestions: number };
  time: { withSuggestions: TimeFigures; without: TimeFigures };
}

export interface SuggestionAnalysisInput {
  pairs: readonly SuggestionPair[];
  /** Suggested points offered, by agent (see AgentUse.offered). */
  offered: ReadonlyMap<string, number>;
  /** Every submitted point from a suggestion (pairs or not): its agent and provenance. */
  acceptedPoints: readonly { agent: string; provenance: PointProvenance }[];
  /** Every resolved gold point: the agent it came from, or null (the annotators' own or new). */
  goldAgents: readonly (string | null)[];
  /** Every submitted annotation's active time and whether its annotator was served suggestions. */
  times: readonly { activeMs: number; exposed: boolean }[];
}

const share = (part: number, whole: number, why: string): Figure => ({ ...(whole === 0 ? undefinedBecause(why) : defined(part / whole)), n: whole });
const plain = (p: ProvenancedPoint): AgreementPoint => ({ deletions: p.deletions, type: p.type });

/** The three figures of the shared agreement functions on a subset of problems. */
export function subsetAgreement(items: readonly AgreementItem[]): SubsetAgreement {
  const f = overallAgreement(items);
  const intervals = { typeKappa: f.intervals['types.kappa'], deletionKappa: f.intervals['deletion.kappa'], pointF1: f.intervals['points.f1'] };
  return { problems: items.length, typeKappa: f.types.kappa, deletionKappa: f.deletion.kappa, pointF1: f.points.f1, intervals };
}

const asItem = (p: SuggestionPair, keep: (q: ProvenancedPoint) => boolean): AgreementItem => ({
  questionId: p.questionId,
  baseLength: p.baseLength,
  annotatorA: p.annotatorA,
  annotatorB: p.annotatorB,
  pointsA: p.pointsA.filter(keep).map(plain),
  pointsB: p.pointsB.filter(keep).map(plain),
});

/**
 * Points by provenance: each problem keeps only its points of one kind on both sides ('own', or
 * either suggested kind); problems with no such point on either side are left out, so texts
 * nobody touched that way do not count as agreement on kept characters.
 */
function byProvenance(pairs: readonly SuggestionPair[], suggested: boolean): SubsetAgreement {
  const keep = (q: ProvenancedPoint) => (q.provenance !== 'own') === suggested;
  return subsetAgreement(pairs.map((p) => asItem(p, keep)).filter((i) => i.pointsA.length + i.pointsB.length > 0));
}

function time(rows: readonly { activeMs: number }[]): TimeFigures {
  return { annotations: rows.length, meanActiveMs: rows.length === 0 ? null : rows.reduce((s, r) => s + r.activeMs, 0) / rows.length };
}

export function suggestionFigures(input: SuggestionAnalysisInput): SuggestionFigures {
  const all = () => true;
  const agents = [...new Set([...input.offered.keys(), ...input.acceptedPoints.map((p) => p.agent), ...input.goldAgents.filter((a): a is string => a !== null)])].sort();
  const gold = input.goldAgents.length;
  return {
    byExposure: {
      both: subsetAgreement(input.pairs.filter((p) => p.exposedA && p.exposedB).map((p) => asItem(p, all))),
      neither: subsetAgreement(input.pairs.filter((p) => !p.exposedA && !p.exposedB).map((p) => asItem(p, all))),
      mixed: input.pairs.filter((p) => p.exposedA !== p.exposedB).length,
    },
    byProvenance: { own: byProvenance(input.pairs, false), suggested: byProvenance(input.pairs, true) },
    agents: agents.map((agent) => {
      const offered = input.offered.get(agent) ?? 0;
      const mine = input.acceptedPoints.filter((p) => p.agent === agent);
      const edited = mine.filter((p) => p.provenance === 'suggested-edited').length;
      const goldPoints = input.goldAgents.filter((a) => a === agent).length;
      return {
        agent,
        offered,
        accepted: mine.length,
        edited,
        acceptanceRate: share(mine.length, offered, 'no suggested point was shown'),
        editRate: share(edited, mine.length, 'no suggested point was accepted'),
        goldPoints,
        goldShare: share(goldPoints, gold, 'no gold points'),
      };
    }),
    gold: { points: gold, fromSuggestions: input.goldAgents.filter((a) => a !== null).length },
    time: { withSuggestions: time(input.times.filter((t) => t.exposed)), without: time(input.times.filter((t) => !t.exposed)) },
  };
}
