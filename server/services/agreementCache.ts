import type { DB } from '../../db/database';
import { agreementDataVersion } from '../../db/adjudications';
import type { AgreementQuery, AgreementPageView } from '../../shared/schemas/agreementPage';
import { agreementReport, type AgreementView } from './agreement';
import { suggestionAnalysis } from './suggestions/analysis';

interface Cached {
  version: number;
  report: AgreementView;
}

const cache = new WeakMap<DB, Cached>();

export { agreementDataVersion };

/** The agreement report, computed again only when annotations, adjudications or assignments changed since the last one. */
export function cachedAgreementReport(db: DB, compute: (db: DB) => AgreementView = agreementReport): AgreementView {
  const version = agreementDataVersion(db);
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.report;
  const report = compute(db);
  cache.set(db, { version, report });
  return report;
}

/** The report cached for this data version, if one is (nothing is computed). */
export function freshCachedAgreementReport(db: DB, version = agreementDataVersion(db)): AgreementView | null {
  const hit = cache.get(db);
  return hit && hit.version === version ? hit.report : null;
}

/** The cached report with one page of the per-problem table. */
export function agreementPage(db: DB, query: AgreementQuery, compute?: (db: DB) => AgreementView): AgreementPageView {
  const report = cachedAgreementReport(db, compute);
  return {
    ...report,
    perProblem: report.perProblem.slice(query.offset, query.offset + query.limit),
    perProblemTotal: report.perProblem.length,
    limit: query.limit,
    offset: query.offset,
    // Not cached: exposures and suggestions change without changing the agreement data version.
    ...withSuggestions(suggestionAnalysis(db)),
  };
}

const withSuggestions = (s: ReturnType<typeof suggestionAnalysis>) => (s ? { suggestions: s } : {});
