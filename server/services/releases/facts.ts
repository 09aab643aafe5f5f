import fs from 'node:fs';
import path from 'node:path';
import { all, type DB } from '../../../db/database';
import type { CardAgreement, CardEffort } from '../../../shared/release/card';
import { ROOT } from '../../config';
import { agreementReport } from '../agreement';

let version: string | null = null;
/** The tool's version, from package.json. */
export function toolVersion(): string {
  if (version === null) version = String((JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  return version;
}

/** The agreement figures the card quotes, or null when no problem has two submitted annotations. */
export function cardAgreement(db: DB): CardAgreement | null {
  const report = agreementReport(db);
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

/** Time on task of the submitted annotations of the release's problems. */
export function cardEffort(db: DB, problemIds: readonly number[]): CardEffort {
  if (problemIds.length === 0) return { annotations: 0, annotators: 0, totalMs: 0, medianMs: 0 };
  const rows = all<{ user_id: number; active_ms: number }>(
    db,
    `SELECT user_id, active_ms FROM annotations WHERE status = 'submitted' AND problem_id IN (${problemIds.map(() => '?').join(',')}) ORDER BY active_ms`,
    problemIds,
  );
  const ms = rows.map((r) => r.active_ms);
  const mid = Math.floor(ms.length / 2);
  const medianMs = ms.length === 0 ? 0 : ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2;
  return { annotations: rows.length, annotators: new Set(rows.map((r) => r.user_id)).size, totalMs: ms.reduce((s, v) => s + v, 0), medianMs };
}
