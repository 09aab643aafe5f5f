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

function present(row: EventRow): EventView {
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
  if (query.entityId) add('entity_id = ?', query.entityId);
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
  return { events: rows.map(present), total, page: query.page, pageSize: query.pageSize, actions };
}
