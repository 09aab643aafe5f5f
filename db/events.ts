import { run, type DB } from './database';

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
