import type { DB } from '../../db/database';
import { readAnnotationSubjects, readEventPage, readProblemTitles, type EventRow } from '../../db/events';
import type { EventsQuery, EventView } from '../../shared/schemas/events';

/** What an event is about: its problem and, for an annotation's event, the annotator. */
export interface Subject {
  problem: EventView['problem'];
  annotator: string | null;
}

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
  const annotations = new Map(readAnnotationSubjects(db, annotationIds.map(Number)).map((r) => [String(r.id), r]));
  const problems = new Map(readProblemTitles(db, questionIds).map((r) => [r.question_id, r]));
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

/** One page of the audit log as stored, with what each event is about (by event id; none for an event about nothing listed). */
export interface EventRecords {
  rows: EventRow[];
  subjects: ReadonlyMap<number, Subject>;
  total: number;
  page: number;
  pageSize: number;
  actions: string[];
}

/** One page of the audit log, newest first, with the total that matches the filters. */
export function listEvents(db: DB, query: EventsQuery): EventRecords {
  const { rows, total, actions } = readEventPage(db, query);
  return { rows, subjects: subjects(db, rows), total, page: query.page, pageSize: query.pageSize, actions };
}
