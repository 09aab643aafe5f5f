import { all, get, run, type DB } from './database';
import { decodeAnyJson } from './storedJson';
import type { EventsQuery } from '../shared/schemas/events';

export interface Actor {
  id: number | null;
  /** Username at the time, or 'cli' / 'system' for work done outside a session. */
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: 'system' };
export const CLI_ACTOR: Actor = { id: null, name: 'cli' };

export interface EventInput {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** Append one audit event. Call it inside the transaction of the state change it records. */
export function appendEvent(db: DB, actor: Actor, event: EventInput): void {
  run(
    db,
    `INSERT INTO events (actor_id, actor, action, entity_type, entity_id, before, after, details)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [actor.id, actor.name, event.action, event.entityType, event.entityId == null ? null : String(event.entityId), json(event.before), json(event.after), json(event.details)],
  );
}

/** The reason of each problem's latest reopen event, by question id (a reopen without a reason clears it). */
export function readReopenReasons(db: DB): Map<string, string> {
  const rows = all<{ entity_id: string; reason: string | null }>(
    db,
    `SELECT entity_id, json_extract(details, '$.reason') AS reason FROM events
      WHERE action = 'adjudication.reopen' AND entity_type = 'adjudication' ORDER BY id`,
  );
  const out = new Map<string, string>();
  for (const r of rows) {
    if (r.reason) out.set(r.entity_id, r.reason);
    else out.delete(r.entity_id);
  }
  return out;
}

/** A problem's latest reopen: when, and its reason (null when none was given); undefined when never reopened. */
export function findLatestReopen(db: DB, questionId: string): { at: string; reason: string | null } | undefined {
  return get<{ at: string; reason: string | null }>(
    db,
    `SELECT at, json_extract(details, '$.reason') AS reason FROM events
      WHERE action = 'adjudication.reopen' AND entity_type = 'adjudication' AND entity_id = ? ORDER BY id DESC LIMIT 1`,
    [questionId],
  );
}

/** Whether a problem's gold was ever reopened (SQL over problems p). */
export const WAS_REOPENED_SQL = "EXISTS (SELECT 1 FROM events e WHERE e.action = 'adjudication.reopen' AND e.entity_type = 'adjudication' AND e.entity_id = p.question_id)";

export interface EventRow {
  id: number;
  at: string;
  actor_id: number | null;
  actor: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** The JSON columns decoded as stored (text that is not JSON reads as null). */
  before: unknown;
  after: unknown;
  details: unknown;
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
  if (query.logins === 'hidden' && !query.action) add("action <> 'auth.login'");
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

/** One page of the audit log, newest first, the total that matches the filters, and every action ever logged. */
export function readEventPage(db: DB, query: EventsQuery): { rows: EventRow[]; total: number; actions: string[] } {
  const { sql, params } = where(query);
  const total = get<{ n: number }>(db, `SELECT COUNT(*) AS n FROM events ${sql}`, params)?.n ?? 0;
  const rows = all<EventRow & { before: string | null; after: string | null; details: string | null }>(
    db,
    `SELECT * FROM events ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  ).map((r) => ({ ...r, before: decodeAnyJson(r.before), after: decodeAnyJson(r.after), details: decodeAnyJson(r.details) }));
  const actions = all<{ action: string }>(db, 'SELECT DISTINCT action FROM events ORDER BY action').map((r) => r.action);
  return { rows, total, actions };
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Problem and annotator of the given annotation rows, by annotation id. */
export function readAnnotationSubjects(db: DB, annotationIds: readonly number[]): { id: number; question_id: string; title: string; username: string }[] {
  if (annotationIds.length === 0) return [];
  return all(
    db,
    `SELECT n.id, p.question_id, p.title, u.username FROM annotations n JOIN problems p ON p.id = n.problem_id JOIN users u ON u.id = n.user_id
     WHERE n.id IN (${marks(annotationIds.length)})`,
    [...annotationIds],
  );
}

/** Titles of the given problems by question id. */
export function readProblemTitles(db: DB, questionIds: readonly string[]): { question_id: string; title: string }[] {
  if (questionIds.length === 0) return [];
  return all(db, `SELECT question_id, title FROM problems WHERE question_id IN (${marks(questionIds.length)})`, [...questionIds]);
}

/** An audit event as stored, its JSON decoded. */
export interface StoredEvent {
  id: number;
  actor: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}

/** The audit events of an action (every action when none is named), oldest first. */
export function readEvents(db: DB, action?: string): StoredEvent[] {
  const rows = all<{ id: number; actor: string; action: string; entity_type: string; entity_id: string | null; before: string | null; after: string | null; details: string | null }>(
    db,
    `SELECT id, actor, action, entity_type, entity_id, before, after, details FROM events ${action === undefined ? '' : 'WHERE action = ?'} ORDER BY id`,
    action === undefined ? [] : [action],
  );
  return rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, entityType: r.entity_type, entityId: r.entity_id, before: decodeAnyJson(r.before), after: decodeAnyJson(r.after), details: decodeAnyJson(r.details) }));
}
