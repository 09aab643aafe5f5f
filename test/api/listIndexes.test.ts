import { afterAll, describe, expect, it } from 'vitest';
import { all } from '../../db/database';
import { tempDb } from '../support/db';

const ctx = tempDb();
afterAll(() => ctx.cleanup());

const plan = (sql: string, params: unknown[] = []) =>
  all<{ detail: string }>(ctx.db, `EXPLAIN QUERY PLAN ${sql}`, params)
    .map((r) => r.detail)
    .join(' | ');

// The shapes of the paged list queries (server/services/problems.ts, events.ts): filters and
// sorts are answered from an index, not by sorting every row.
describe('indexes of the paged lists (migration 170)', () => {
  it('serves the Problems sorts and the difficulty filter from an index', () => {
    const from = 'FROM problems p LEFT JOIN adjudications j ON j.problem_id = p.id';
    expect(plan(`SELECT p.id ${from} ORDER BY p.title COLLATE NOCASE ASC, p.import_order ASC LIMIT 50`)).toContain('INDEX problems_title');
    expect(plan(`SELECT p.id ${from} ORDER BY p.contest_date DESC, p.import_order DESC LIMIT 50`)).toContain('INDEX problems_contest_date');
    expect(plan(`SELECT p.id ${from} WHERE p.difficulty = ? ORDER BY p.import_order LIMIT 50`, ['easy'])).toContain('INDEX problems_difficulty');
    expect(plan(`SELECT p.id ${from} ORDER BY p.import_order DESC LIMIT 50`)).toContain('INDEX problems_order');
  });

  it('serves the audit log entity filters from an index, with or without the entity type', () => {
    expect(plan('SELECT * FROM events WHERE entity_id = ? ORDER BY id DESC LIMIT 50', ['3'])).toContain('INDEX events_entity_id');
    expect(plan('SELECT * FROM events WHERE entity_type = ? AND entity_id = ? ORDER BY id DESC LIMIT 50', ['user', '3'])).toContain('INDEX events_entity');
  });
});
