import type { EventRow } from '../../db/events';
import type { EventPage, EventView } from '../../shared/schemas/events';
import type { EventRecords, Subject } from '../services/events';

const NO_SUBJECT: Subject = { problem: null, annotator: null };

function presentEvent(row: EventRow, subject: Subject): EventView {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor ?? '',
    actorId: row.actor_id,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    details: row.details,
    ...subject,
  };
}

/** One page of the audit log, newest first, with the total that matches the filters. */
export function presentEventPage({ rows, subjects, total, page, pageSize, actions }: EventRecords): EventPage {
  return { events: rows.map((r) => presentEvent(r, subjects.get(r.id) ?? NO_SUBJECT)), total, page, pageSize, actions };
}
