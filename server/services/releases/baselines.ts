/** The stored runs an export's card shows as baseline results: the `runs report` rows of the chosen models. */
import type { DB } from '../../../db/database';
import { listRunRows } from '../../../db/runs';
import type { BaselineCandidate } from '../../../shared/schemas/release';
import type { CardBaseline } from '../../../shared/release/card';
import { invalid, notFound } from '../../domain/errors';
import { judgeCheckOf, runsReport } from '../runs/reports';
import { latestAuditOf } from '../judgeAudits/report';

/**
 * The chosen runs, in the order given, with the figures `runs report` gives them and the
 * judge check of their hit labels. Refuses, by name, a model with no stored run and a run
 * made on other tasks than the release's (its release file is not `jsonlSha256`).
 */
export function baselineRuns(db: DB, models: readonly string[], jsonlSha256: string): CardBaseline[] {
  if (models.length === 0) return [];
  const stored = new Map(runsReport(db).runs.map((r) => [r.model, r]));
  const unknown = models.filter((m) => !stored.has(m));
  if (unknown.length > 0) throw notFound(`No stored run of ${unknown.map((m) => `"${m}"`).join(', ')}; \`runs report\` lists the stored runs.`);
  const foreign = models.map((m) => stored.get(m)!).filter((r) => r.release_sha256 !== jsonlSha256);
  if (foreign.length > 0) {
    const which = foreign.map((r) => `"${r.model}" (made on release "${r.release}", SHA-256 ${r.release_sha256.slice(0, 12)}…)`).join(', ');
    throw invalid(`The run of ${which} is of another release: this release's file has SHA-256 ${jsonlSha256.slice(0, 12)}…; choose runs made on these tasks.`);
  }
  return models.map((m) => {
    const audit = latestAuditOf(db, m);
    return { run: stored.get(m)!, judge: judgeCheckOf(db, m), ...(audit ? { audit } : {}) };
  });
}

/** The stored runs made on exactly these tasks (their release file is `jsonlSha256`): what a cut may show as baselines. */
export function baselineCandidates(db: DB, jsonlSha256: string): BaselineCandidate[] {
  return listRunRows(db)
    .filter((r) => r.release_sha256 === jsonlSha256)
    .map((r) => ({ model: r.model, release: r.release_name }));
}
