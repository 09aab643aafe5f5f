import { z } from 'zod';
import { suggestionPolicySchema, type SuggestionPolicy } from './schema';

/** A maintainer sets the global policy. */
export const globalPolicyBody = z.object({ policy: suggestionPolicySchema });

/** A maintainer sets one batch's policy; null: the batch follows the global policy. */
export const batchPolicyBody = z.object({ policy: suggestionPolicySchema.nullable() });

/** How many problems a policy decides for, and how many of them have a suggestion on their current base text. */
export interface PolicyCoverage {
  problems: number;
  withSuggestions: number;
}

export interface BatchPolicyView {
  name: string;
  due: string;
  /** The batch's own policy; null: it follows the global one. */
  policy: SuggestionPolicy | null;
  /** The policy in force on its problems. */
  effective: SuggestionPolicy;
  coverage: PolicyCoverage;
}

/** Where a policy shows suggestions that do not exist: annotators would be shown nothing. */
export interface PolicyWarning {
  /** null: the global policy; else the batch's name. */
  batch: string | null;
  policy: SuggestionPolicy;
  problems: number;
  message: string;
}

export interface SuggestionPolicyView {
  global: { policy: SuggestionPolicy; coverage: PolicyCoverage };
  batches: BatchPolicyView[];
  warnings: PolicyWarning[];
}

/** One `suggestions import` as the audit log recorded it. */
export interface SuggestionImportEntry {
  at: string;
  by: string;
  file: string | null;
  total: number;
  created: number;
  replaced: number;
  agents: string[];
}

/** The suggestions stored for one agent from one source. */
export interface SuggestionSourceEntry {
  agent: string;
  source: 'import' | 'generate';
  suggestions: number;
  /** Of those, made on the problem's current base text (the others are no longer shown). */
  current: number;
  latestAt: string;
}

export interface SuggestionImportsView {
  imports: SuggestionImportEntry[];
  sources: SuggestionSourceEntry[];
}

/** The warning for a policy that shows suggestions on problems none of which has one; null when there is nothing to warn of. */
export function policyWarning(batch: string | null, policy: SuggestionPolicy, coverage: PolicyCoverage): PolicyWarning | null {
  if (policy === 'off' || coverage.problems === 0 || coverage.withSuggestions > 0) return null;
  const whose = batch === null ? 'The global suggestion policy' : `The suggestion policy of batch ${batch}`;
  const n = coverage.problems === 1 ? 'the 1 problem' : `the ${coverage.problems} problems`;
  return {
    batch,
    policy,
    problems: coverage.problems,
    message: `${whose} is ${policy}, but none of ${n} it covers has a suggestion: annotators are shown none. Import or generate suggestions for them, or set the policy to off.`,
  };
}
