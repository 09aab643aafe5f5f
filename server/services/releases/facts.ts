import fs from 'node:fs';
import { z } from 'zod';
import { anySuggestionData } from '../../../db/suggestions';
import { goldPointAgents } from '../suggestions/analysis';
import path from 'node:path';
import type { DB } from '../../../db/database';
import { readAdjudicatedCounts, readCardPeople, readGuidelinesVersionCounts, readImportedCounts, readLcbVersionCounts, readSubmittedEffort } from '../../../db/releaseCard';
import { overallAgreement, type AgreementFigures } from '../../../shared/agreement';
import type { CardAgreement, CardCreation, CardEffort, CardPeople } from '../../../shared/release/card';
import { RELEASE_FILE } from '../../../shared/release/format';
import type { Count } from '../../../shared/release/stats';
import { ROOT } from '../../config';
import { loadAgreementItems } from '../agreement';
import { agreementDataVersion, freshCachedAgreementReport } from '../agreementCache';

const packageVersion = z.object({ version: z.string() });
let version: string | null = null;
/** The tool's version, from package.json. */
export function toolVersion(): string {
  if (version === null) {
    const pkg = packageVersion.safeParse(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    version = pkg.success ? pkg.data.version : '0.0.0';
  }
  return version;
}

/** The figures the card quotes, by data version (triggers of migration 171) and released question ids. */
const cardFigures = new WeakMap<DB, { version: number; released: string; figures: AgreementFigures }>();

/**
 * The agreement figures over the released problems: the Agreement page's cached report when
 * it is fresh and covers no other problem (its overall figures are then these), else
 * computed over the released items. Remembered until the data or the released set changes.
 */
function releasedAgreement(db: DB, released: ReadonlySet<string>): AgreementFigures {
  const version = agreementDataVersion(db);
  const key = JSON.stringify([...released]);
  const hit = cardFigures.get(db);
  if (hit && hit.version === version && hit.released === key) return hit.figures;
  const page = freshCachedAgreementReport(db, version);
  const figures =
    page && page.perProblem.every((p) => released.has(p.questionId))
      ? page
      : overallAgreement(loadAgreementItems(db).items.filter((item) => released.has(item.questionId)));
  cardFigures.set(db, { version, released: key, figures });
  return figures;
}

/**
 * The agreement figures the card quotes: over the released problems (by question id) that
 * have two submitted annotations, and no other; null when none has.
 */
export function cardAgreement(db: DB, released: ReadonlySet<string>): CardAgreement | null {
  const report = releasedAgreement(db, released);
  if (report.problems === 0) return null;
  return {
    problems: report.problems,
    deletionPercent: report.deletion.percent,
    deletionKappa: report.deletion.kappa,
    pointF1: report.points.f1,
    typePercent: report.types.percent,
    typeKappa: report.types.kappa,
    typeAlpha: report.types.alpha,
    intervals: report.intervals,
    typePairs: report.types.pairs,
  };
}

/** Time on task of the submitted annotations of the release's problems. */
export function cardEffort(db: DB, problemIds: readonly number[]): CardEffort {
  if (problemIds.length === 0) return { annotations: 0, annotators: 0, totalMs: 0, medianMs: 0 };
  const rows = readSubmittedEffort(db, problemIds);
  const ms = rows.map((r) => r.active_ms);
  const mid = Math.floor(ms.length / 2);
  const medianMs = ms.length === 0 ? 0 : ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2;
  return { annotations: rows.length, annotators: new Set(rows.map((r) => r.user_id)).size, totalMs: ms.reduce((s, v) => s + v, 0), medianMs };
}

/** The LiveCodeBench release of the released problems' statements, most frequent first ("not recorded" where unknown). */
export function lcbVersions(db: DB, problemIds: readonly number[]): Count[] {
  if (problemIds.length === 0) return [];
  return readLcbVersionCounts(db, problemIds);
}

/** Where the released problems' gold points were made: adjudicated here (and how many doubly annotated), or imported, per release file. */
export function cardCreation(db: DB, problemIds: readonly number[]): CardCreation {
  const here = readAdjudicatedCounts(db, problemIds);
  const imported = readImportedCounts(db, problemIds, RELEASE_FILE);
  const suggested = suggestedGold(db, problemIds);
  return {
    adjudicated: here.adjudicated,
    doublyAnnotated: here.doubly,
    imported: imported.map((i) => ({ release: i.release ?? 'unrecorded', file: RELEASE_FILE, sha256: i.sha256, problems: i.problems })),
    guidelines: problemIds.length === 0 ? [] : readGuidelinesVersionCounts(db, problemIds),
    ...(suggested ? { suggested } : {}),
  };
}

/** How many of the released gold points came from model suggestions, by agent (null when none did). */
function suggestedGold(db: DB, problemIds: readonly number[]): CardCreation['suggested'] | null {
  if (!anySuggestionData(db)) return null;
  const released = new Set(problemIds);
  const gold = goldPointAgents(db).filter((g) => released.has(g.problemId));
  const counts = new Map<string, number>();
  for (const g of gold) if (g.agent !== null) counts.set(g.agent, (counts.get(g.agent) ?? 0) + 1);
  if (counts.size === 0) return null;
  const agents = [...counts].map(([agent, points]) => ({ agent, points })).sort((a, b) => b.points - a.points || a.agent.localeCompare(b.agent));
  return { goldPoints: gold.length, fromSuggestions: agents.reduce((n, a) => n + a.points, 0), agents };
}

/** Who annotated and who adjudicated the released problems adjudicated here (account names, for the card when its settings name them). */
export function cardPeople(db: DB, problemIds: readonly number[]): CardPeople {
  if (problemIds.length === 0) return { annotators: [], adjudicators: [] };
  return readCardPeople(db, problemIds);
}
