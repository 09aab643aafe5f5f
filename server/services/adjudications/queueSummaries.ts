import type { DB } from '../../../db/database';
import { agreementDataVersion, readReadyPairs, type ReadyPair } from '../../../db/adjudications';
import { baseTextOf } from '../../../db/problems';
import { buildCrossCheck } from '../../../shared/crossCheck';
import type { Point } from '../../../shared/edits';
import { AMBIGUITY_TYPES, type AmbiguityType } from '../../../shared/taxonomy';
import { loadSides } from './store';

/** What the queue shows of a problem's cross-check. */
export interface CrossCheckSummary {
  disagreement: number;
  exactAgreement: boolean;
  pointsA: number;
  pointsB: number;
  types: AmbiguityType[];
}

export type { ReadyPair };

interface Cached {
  key: string;
  summary: CrossCheckSummary;
}

// Per database (tests open many): problem id → the summary and the annotation versions it was built from.
const caches = new WeakMap<DB, Map<number, Cached>>();

/**
 * Every save or submit of an annotation bumps its version and updated_at in the same transaction
 * as its points, so a changed annotation (resubmitted after a reopen, re-imported) changes the key;
 * the problem's record hash and the annotation ids guard against a problem or annotation re-created under a reused id.
 */
const keyOf = (r: ReadyPair) => `${r.record_sha256}|${r.a_id}.${r.a_version}.${r.a_updated}|${r.b_id}.${r.b_version}.${r.b_updated}`;

function summarise(baseText: string, A: readonly Point[], B: readonly Point[]): CrossCheckSummary {
  const cc = buildCrossCheck(baseText, A, B);
  const used = new Set([...A, ...B].map((p) => p.type));
  return { disagreement: cc.disagreement, exactAgreement: cc.exactAgreement, pointsA: A.length, pointsB: B.length, types: AMBIGUITY_TYPES.filter((t) => used.has(t)) };
}

/** The cross-check summary of a ready problem, computed only when one of its annotations changed since the last request. */
function crossCheckSummary(db: DB, pair: ReadyPair): CrossCheckSummary {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = keyOf(pair);
  const hit = cache.get(pair.id);
  if (hit && hit.key === key) return hit.summary;
  const { A, B } = loadSides(db, pair.id);
  const baseText = baseTextOf(db, pair.id)!;
  const summary = summarise(baseText, A?.points ?? [], B?.points ?? []);
  cache.set(pair.id, { key, summary });
  return summary;
}

/** Drop entries of problems no longer ready, so the cache never outgrows the queue. */
function pruneSummaries(db: DB, ready: ReadonlySet<number>): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const id of cache.keys()) if (!ready.has(id)) cache.delete(id);
}

export interface ReadySummary {
  pair: ReadyPair;
  summary: CrossCheckSummary;
}

const readyCaches = new WeakMap<DB, { version: number; ready: ReadySummary[] }>();

/**
 * Every ready problem with its cross-check summary, viewer-independent. Read again only when the
 * data version (bumped by triggers on annotations, their points, assignments, adjudications,
 * problems and users, whichever process writes) moved; then only changed problems' cross-checks
 * are rebuilt.
 */
export function readySummaries(db: DB): ReadySummary[] {
  const version = agreementDataVersion(db);
  const hit = readyCaches.get(db);
  if (hit && hit.version === version) return hit.ready;
  const pairs = readReadyPairs(db);
  const ready = pairs.map((pair) => ({ pair, summary: crossCheckSummary(db, pair) }));
  pruneSummaries(db, new Set(pairs.map((p) => p.id)));
  readyCaches.set(db, { version, ready });
  return ready;
}
