import type { DB } from '../../../db/database';
import { readLegacyOnly } from '../../../db/adjudications';
import { problemIdsAnnotatedBy } from '../../../db/annotations';
import { countAssignedProblems } from '../../../db/assignments';
import { readReopenReasons } from '../../../db/events';
import type { AdjudicationQueueQuery } from '../../../shared/api/adjudications';
import type { QueueItem, QueueView } from '../../../shared/adjudicationView';
import type { AdjudicationStatus } from '../../../shared/schemas/adjudication';
import { AMBIGUITY_TYPES } from '../../../shared/taxonomy';
import type { PairKeyer } from './pairKeys';
import { readySummaries } from './queueSummaries';
import { loadGoldPoints, revealNames, type SideWork } from './store';

/**
 * The endpoint's filters and page, each optional here: without a limit, every row. (`imported:
 * 'shown'` lists imported gold with nothing to do as well.)
 */
export type QueueFilters = Partial<AdjudicationQueueQuery>;

/** Problems with gold points from a legacy release but no two submitted annotations: listed after the ready ones. */
function legacyOnlyItems(db: DB, own: ReadonlySet<number>): QueueItem[] {
  return readLegacyOnly(db).filter((row) => !own.has(row.id)).map((row) => {
    const used = new Set(loadGoldPoints(db, row.id).map((p) => p.type));
    return {
      questionId: row.question_id,
      title: row.title,
      difficulty: row.difficulty,
      status: row.status ?? 'todo',
      source: 'legacy',
      disagreement: null,
      exactAgreement: false,
      pointsA: null,
      pointsB: null,
      types: AMBIGUITY_TYPES.filter((t) => used.has(t)),
      pair: null,
    };
  });
}

type PairMember = Pick<SideWork, 'userId' | 'username'>;

function pairOf(A: PairMember, B: PairMember, reveal: boolean, labels: Map<string, string>, keyOf: PairKeyer): { key: string; label: string } {
  const [x, y] = A.userId < B.userId ? [A, B] : [B, A];
  const key = keyOf(x.userId, y.userId);
  if (!labels.has(key)) labels.set(key, reveal ? `${x.username} & ${y.username}` : `Pair ${labels.size + 1}`);
  return { key, label: labels.get(key)! };
}

/** The same keys, each pair's HMAC computed once per request (a few pairs share thousands of problems). */
function memoised(keyOf: PairKeyer): PairKeyer {
  const keys = new Map<string, string>();
  return (a, b) => {
    const id = `${a}-${b}`;
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = keyOf(a, b)));
    return key;
  };
}

/**
 * The adjudication queue: ready problems sorted by disagreement (highest first), with progress,
 * then legacy problems without annotations (marked by their source) in import order — those
 * still resolved only with `imported=shown` or the resolved filter. Pairs are
 * named by the viewer's opaque keys (never user ids), which the pair filter takes. Problems the
 * viewer annotated are left out.
 */
export function listQueue(db: DB, filters: QueueFilters, sessionKeyOf: PairKeyer, viewerId: number): QueueView {
  const keyOf = memoised(sessionKeyOf);
  const reveal = revealNames(db);
  const labels = new Map<string, string>();
  const items: QueueItem[] = [];
  // Problems the viewer annotated (an annotator since promoted) are not theirs to adjudicate.
  const own = problemIdsAnnotatedBy(db, viewerId);
  let ownReady = 0;
  // Cached by the data's version, each cross-check by both annotations' versions: a page of the queue does not rebuild every cross-check.
  for (const { pair: row, summary } of readySummaries(db)) {
    if (own.has(row.id)) {
      ownReady++;
      continue;
    }
    items.push({
      questionId: row.question_id,
      title: row.title,
      difficulty: row.difficulty,
      status: row.status ?? 'todo',
      source: row.source ?? 'adjudication',
      disagreement: summary.disagreement,
      exactAgreement: summary.exactAgreement,
      pointsA: summary.pointsA,
      pointsB: summary.pointsB,
      types: [...summary.types],
      pair: pairOf({ userId: row.a_user, username: row.a_name }, { userId: row.b_user, username: row.b_name }, reveal, labels, keyOf),
    });
  }
  const count = (s: AdjudicationStatus) => items.filter((i) => i.status === s).length;
  const assigned = countAssignedProblems(db);
  const legacy = legacyOnlyItems(db, own);
  const matches = (i: QueueItem) =>
    (!filters.type || i.types.includes(filters.type)) && (!filters.pair || i.pair?.key === filters.pair) && (!filters.status || i.status === filters.status);
  const reasons = readReopenReasons(db);
  for (const item of [...items, ...legacy]) if (item.status === 'draft' && reasons.has(item.questionId)) item.reopenReason = reasons.get(item.questionId)!;
  const filtered = items.filter(matches).sort((x, y) => (y.disagreement ?? 0) - (x.disagreement ?? 0));
  // Imported gold that is resolved is no work: listed only on request (or among the resolved); reopened, it is work like any case.
  const listed = (i: QueueItem) => i.status !== 'resolved' || filters.imported === 'shown' || filters.status === 'resolved';
  const queue = [...filtered, ...legacy.filter((i) => matches(i) && listed(i))];
  const offset = filters.offset ?? 0;
  return {
    items: queue.slice(offset, filters.limit === undefined ? undefined : offset + filters.limit),
    total: queue.length,
    offset,
    limit: filters.limit ?? queue.length,
    progress: { ready: items.length, todo: count('todo'), draft: count('draft'), resolved: count('resolved'), waiting: Math.max(0, assigned - items.length - ownReady) },
    pairs: [...labels].map(([key, label]) => ({ key, label })),
    revealNames: reveal,
    legacy: legacy.length,
  };
}
