import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { findBatch, readBatches } from '../../../db/batches';
import { readCoveredProblems, readStoredSuggestionKeys, readSuggestionImports, updateBatchSuggestionPolicy } from '../../../db/suggestionPolicy';
import type { SuggestionPolicy } from '../../../shared/suggestions/schema';
import {
  policyWarning,
  type PolicyCoverage,
  type PolicyWarning,
  type SuggestionImportsView,
  type SuggestionPolicyView,
  type SuggestionSourceEntry,
} from '../../../shared/suggestions/policyView';
import { baseTextHash } from '../../domain/baseText';
import { notFound } from '../../domain/errors';
import { globalSuggestionPolicy } from './policy';

/** Each problem's current base text hash, by problem id. */
function currentHashes(db: DB): { problems: ReturnType<typeof readCoveredProblems>; hashes: Map<number, string> } {
  const problems = readCoveredProblems(db);
  return { problems, hashes: new Map(problems.map((p) => [p.id, baseTextHash(p.base_text)])) };
}

/**
 * The suggestion policy in force: the global one and each batch's, each with the problems it
 * decides for and how many of them have a suggestion on their current base text, and a warning
 * for every policy that shows suggestions on problems none of which has one.
 */
export function suggestionPolicyView(db: DB): SuggestionPolicyView {
  const globalPolicy = globalSuggestionPolicy(db);
  const batches = readBatches(db);
  const { problems, hashes } = currentHashes(db);
  const suggested = new Set(readStoredSuggestionKeys(db).filter((s) => hashes.get(s.problem_id) === s.base_sha256).map((s) => s.problem_id));
  const ownPolicy = new Map(batches.map((b) => [b.id, b.suggestion_policy]));
  const global: PolicyCoverage = { problems: 0, withSuggestions: 0 };
  const byBatch = new Map<number, PolicyCoverage>(batches.map((b) => [b.id, { problems: 0, withSuggestions: 0 }]));
  for (const p of problems) {
    const has = suggested.has(p.id) ? 1 : 0;
    const inBatch = p.batch_id === null ? undefined : byBatch.get(p.batch_id);
    if (inBatch) {
      inBatch.problems++;
      inBatch.withSuggestions += has;
    }
    // A problem whose batch has no policy of its own is decided by the global one.
    if (p.batch_id === null || (ownPolicy.get(p.batch_id) ?? null) === null) {
      global.problems++;
      global.withSuggestions += has;
    }
  }
  const warnings: PolicyWarning[] = [];
  const globalWarning = policyWarning(null, globalPolicy, global);
  if (globalWarning) warnings.push(globalWarning);
  const batchViews = batches.map((b) => {
    const coverage = byBatch.get(b.id)!;
    if (b.suggestion_policy !== null) {
      const w = policyWarning(b.name, b.suggestion_policy, coverage);
      if (w) warnings.push(w);
    }
    return { name: b.name, due: b.due_date, policy: b.suggestion_policy, effective: b.suggestion_policy ?? globalPolicy, coverage };
  });
  return { global: { policy: globalPolicy, coverage: global }, batches: batchViews, warnings };
}

/** A maintainer sets one batch's policy (null: follow the global one): one transaction with its event. */
export function setBatchSuggestionPolicy(db: DB, actor: Actor, name: string, policy: SuggestionPolicy | null): SuggestionPolicyView {
  return transaction(db, () => {
    const batch = findBatch(db, name);
    if (!batch) throw notFound(`There is no batch ${name}.`);
    updateBatchSuggestionPolicy(db, batch.id, policy);
    appendEvent(db, actor, { action: 'batch.update', entityType: 'batch', entityId: batch.name, before: { suggestionPolicy: batch.suggestion_policy }, after: { suggestionPolicy: policy } });
    return suggestionPolicyView(db);
  });
}

/** What was imported (the audit log's imports: when, by whom, how many) and the suggestions stored per agent and source. */
export function suggestionImportsView(db: DB): SuggestionImportsView {
  const imports = readSuggestionImports(db).map((r) => ({
    at: r.at,
    by: r.actor ?? 'unknown',
    file: r.details?.file ?? null,
    total: r.details?.total ?? 0,
    created: r.details?.created ?? 0,
    replaced: r.details?.replaced ?? 0,
    agents: r.details?.agents ?? [],
  }));
  const { hashes } = currentHashes(db);
  const sources = new Map<string, SuggestionSourceEntry>();
  for (const s of readStoredSuggestionKeys(db)) {
    const key = `${s.agent}\u0000${s.source}`;
    const entry = sources.get(key) ?? { agent: s.agent, source: s.source, suggestions: 0, current: 0, latestAt: s.created_at };
    entry.suggestions++;
    if (hashes.get(s.problem_id) === s.base_sha256) entry.current++;
    if (s.created_at > entry.latestAt) entry.latestAt = s.created_at;
    sources.set(key, entry);
  }
  return { imports, sources: [...sources.values()] };
}
