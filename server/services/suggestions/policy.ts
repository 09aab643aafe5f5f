import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { readSetting, writeSetting } from '../../../db/settings';
import { batchOfProblem } from '../batches';
import { SUGGESTION_POLICIES, SUGGESTION_POLICY_SETTING, type SuggestionPolicy } from '../../../shared/suggestions/schema';

const isPolicy = (value: string | undefined): value is SuggestionPolicy => (SUGGESTION_POLICIES as readonly (string | undefined)[]).includes(value);

/** The global suggestion policy; unset (or unreadable) means 'off'. */
export function globalSuggestionPolicy(db: DB): SuggestionPolicy {
  const stored = readSetting(db, SUGGESTION_POLICY_SETTING);
  return isPolicy(stored) ? stored : 'off';
}

/**
 * The policy that applies to one problem, the one place it is resolved: the policy of the
 * problem's batch when that batch has one (batches.suggestion_policy), else the global setting.
 */
export function suggestionPolicyFor(db: DB, questionId: string): SuggestionPolicy {
  return batchOfProblem(db, questionId)?.suggestionPolicy ?? globalSuggestionPolicy(db);
}

/** A maintainer sets the global policy: one transaction with its event. */
export function setGlobalSuggestionPolicy(db: DB, actor: Actor, policy: SuggestionPolicy): { before: SuggestionPolicy; policy: SuggestionPolicy } {
  return transaction(db, () => {
    const before = globalSuggestionPolicy(db);
    writeSetting(db, SUGGESTION_POLICY_SETTING, policy);
    appendEvent(db, actor, { action: 'settings.update', entityType: 'setting', entityId: SUGGESTION_POLICY_SETTING, before: { policy: before }, after: { policy } });
    return { before, policy };
  });
}
