import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().trim().regex(DAY, 'must be a date like 2025-01-25').optional();
const text = z.string().trim().max(100).optional();

/** Filters of the audit log (GET /api/events); every one is optional. */
export const eventsQuery = z
  .object({
    /** An action ("annotation.save") or its resource prefix ("annotation"). */
    action: text,
    /** The actor's username (or "cli" / "system"), case-insensitive. */
    actor: text,
    entityType: text,
    entityId: text,
    /** First and last day, inclusive (UTC). */
    from: day,
    to: day,
    /** "hidden" leaves the logins out (the page's default: they crowd out the changes) unless an action is asked for. */
    logins: z.enum(['hidden', 'shown']).optional(),
    page: z.coerce.number().int('must be an integer').min(1, 'must be ≥ 1').max(1_000_000).default(1),
    pageSize: z.coerce.number().int('must be an integer').min(1, 'must be ≥ 1').max(200, 'must be ≤ 200').default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after "to"', path: ['from'] });
export type EventsQuery = z.infer<typeof eventsQuery>;

/** One audit event as the API returns it. */
export interface EventView {
  id: number;
  at: string;
  actor: string;
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  /** The problem the event concerns (annotation, adjudication, assignment and problem events), for its label. */
  problem: { questionId: string; title: string } | null;
  /** Whose annotation an annotation event concerns (the log is for maintainers, who see assignments anyway). */
  annotator: string | null;
}

export interface EventPage {
  events: EventView[];
  total: number;
  page: number;
  pageSize: number;
  /** Every action in the log, for the filter. */
  actions: string[];
}
