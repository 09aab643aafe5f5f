import { all, get, type DB } from '../../db/database';
import type { EventPage, EventsQuery, EventView } from '../../shared/schemas/events';

interface EventRow {
  id: number;
  at: string;
  actor_id: number | null;
  actor: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  details: string | null;
}

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

interface Subject {
  problem: EventView['problem'];
  annotator: string | null;
}

const NO_SUBJECT: Subject = { problem: null, annotator: null };
/** Entity types whose id is a problem's question id. */
const BY_QUESTION_ID = new Set(['adjudication', 'problem']);

/**
 * What each event of a page is about, found in two queries: an annotation event's problem and
 * annotator (its id is the annotation row's), a problem or adjudication event's problem title.
 */
function subjects(db: DB, rows: readonly EventRow[]): Map<number, Subject> {
  const ids = (type: (t: string) => boolean) => [...new Set(rows.filter((r) => type(r.entity_type) && r.entity_id !== null).map((r) => r.entity_id!))];
  const annotationIds = ids((t) => t === 'annotation');
  const questionIds = ids((t) => BY_QUESTION_ID.has(t));
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const annotations = new Map(
    annotationIds.length === 0
      ? []
      : all<{ id: number; question_id: string; title: string; username: string }>(
          db,
          `SELECT n.id, p.question_id, p.title, u.username FROM annotations n JOIN problems p ON p.id = n.problem_id JOIN users u ON u.id = n.user_id
           WHERE n.id IN (${marks(annotationIds.length)})`,
          annotationIds.map(Number),
        ).map((r) => [String(r.id), r]),
  );
  const problems = new Map(
    questionIds.length === 0
      ? []
      : all<{ question_id: string; title: string }>(db, `SELECT question_id, title FROM problems WHERE question_id IN (${marks(questionIds.length)})`, questionIds).map((r) => [
          r.question_id,
          r,
        ]),
  );
  const out = new Map<number, Subject>();
  for (const r of rows) {
    if (r.entity_id === null) continue;
    const n = r.entity_type === 'annotation' ? annotations.get(r.entity_id) : undefined;
    const p = BY_QUESTION_ID.has(r.entity_type) ? problems.get(r.entity_id) : undefined;
    if (n) out.set(r.id, { problem: { questionId: n.question_id, title: n.title }, annotator: n.username });
    else if (p) out.set(r.id, { problem: { questionId: p.question_id, title: p.title }, annotator: null });
  }
  return out;
}

function present(row: EventRow, subject: Subject): EventView {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor ?? '',
    actorId: row.actor_id,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: parseJson(row.before),
    after: parseJson(row.after),
    details: parseJson(row.details),
    ...subject,
  };
}

function where(query: EventsQuery): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  // "annotation" matches every annotation.* action; LIKE wildcards in the filter are literal.
  if (query.action) add("(action = ? OR action LIKE ? ESCAPE '\\')", query.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`);
  if (query.actor) add('actor = ? COLLATE NOCASE', query.actor);
  if (query.entityType) add('entity_type = ?', query.entityType);
  // A problem's question id also finds the events of its annotations (saves, submits), logged under the annotation's row id.
  if (query.entityId) {
    add(
      `(entity_id = ? OR (entity_type = 'annotation' AND entity_id IN
        (SELECT CAST(n.id AS TEXT) FROM annotations n JOIN problems p ON p.id = n.problem_id WHERE p.question_id = ?)))`,
      query.entityId,
      query.entityId,
    );
  }
  if (query.from) add('at >= ?', `${query.from}T00:00:00.000Z`);
  if (query.to) add('at <= ?', `${query.to}T23:59:59.999Z`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of the audit log, newest first, with the total that matches the filters. */
export function listEvents(db: DB, query: EventsQuery): EventPage {
  const { sql, params } = where(query);
  const total = get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM events ${sql}`, params)?.n ?? 0;
  const rows = all<EventRow>(db, `SELECT * FROM events ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`, [
    ...params,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  const actions = all<{ action: string }>(db, 'SELECT DISTINCT action FROM events ORDER BY action').map((r) => r.action);
  const about = subjects(db, rows);
  return { events: rows.map((r) => present(r, about.get(r.id) ?? NO_SUBJECT)), total, page: query.page, pageSize: query.pageSize, actions };
}
