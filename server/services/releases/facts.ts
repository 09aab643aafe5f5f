import fs from 'node:fs';
import path from 'node:path';
import { all, get, type DB } from '../../../db/database';
import type { CardAgreement, CardEffort } from '../../../shared/release/card';
import { ROOT } from '../../config';
import { agreementFigures } from '../agreement';

let version: string | null = null;
/** The tool's version, from package.json. */
export function toolVersion(): string {
  if (version === null) version = String((JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  return version;
}

/** The agreement figures the card quotes, or null when no problem has two submitted annotations. */
export function cardAgreement(db: DB): CardAgreement | null {
  const report = agreementFigures(db);
  if (report.problems === 0) return null;
  return {
    problems: report.problems,
    deletionPercent: report.deletion.percent,
    deletionKappa: report.deletion.kappa,
    pointF1: report.points.f1,
    typePercent: report.types.percent,
    typeKappa: report.types.kappa,
    typeAlpha: report.types.alpha,
  };
}

/**
 * The release's problem ids as ONE SQL parameter (a JSON array read with json_each), so a
 * release of any size stays under SQLite's limit of 32,766 parameters per statement.
 */
const RELEASE_IDS = '(SELECT value FROM json_each(?))';

/** Time on task of the submitted annotations of the release's problems. */
export function cardEffort(db: DB, problemIds: readonly number[]): CardEffort {
  if (problemIds.length === 0) return { annotations: 0, annotators: 0, totalMs: 0, medianMs: 0 };
  const rows = all<{ user_id: number; active_ms: number }>(
    db,
    `SELECT user_id, active_ms FROM annotations WHERE status = 'submitted' AND problem_id IN ${RELEASE_IDS} ORDER BY active_ms`,
    [JSON.stringify(problemIds)],
  );
  const ms = rows.map((r) => r.active_ms);
  const mid = Math.floor(ms.length / 2);
  const medianMs = ms.length === 0 ? 0 : ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2;
  return { annotations: rows.length, annotators: new Set(rows.map((r) => r.user_id)).size, totalMs: ms.reduce((s, v) => s + v, 0), medianMs };
}

/** The newest resolution among the release's problems (YYYY-MM-DD): the data's own date for the metadata. */
export function dataDate(db: DB, problemIds: readonly number[]): string | null {
  if (problemIds.length === 0) return null;
  const row = get<{ at: string | null }>(db, `SELECT MAX(COALESCE(resolved_at, updated_at)) AS at FROM adjudications WHERE problem_id IN ${RELEASE_IDS}`, [JSON.stringify(problemIds)]);
  return row?.at?.slice(0, 10) ?? null;
}
