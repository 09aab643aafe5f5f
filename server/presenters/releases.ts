import type { ReleaseRow } from '../../db/releases';
import type { ReleaseSummary } from '../../shared/schemas/release';

/** A stored release for the API and `releases publish --json`: its facts without the row id. */
export function presentRelease(row: ReleaseRow): ReleaseSummary {
  return {
    name: row.name,
    kind: row.kind,
    notes: row.notes,
    policy: row.policy,
    createdBy: row.created_by,
    createdAt: row.created_at,
    manifest: row.manifest,
    settings: row.settings,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
  };
}
