/**
 * The protocol's human baseline and RealHumanEval's condition kept apart: a pilot run from a
 * study that offered the public tests while coding saw the statement's samples, which the
 * underspecified text deliberately leaves out, so wherever runs are compared (the Runs page's
 * tables, the paper's tables, a release card's baselines) it is named as its own condition and
 * listed after the runs that follow the protocol.
 */
import type { TestsMode } from '../schemas/pilotProtocol';

interface Conditioned {
  model: string;
  human?: { tests?: TestsMode } | undefined;
}

export const WHILE_CODING_MARK = ' (public tests while coding)';

/** A pilot run made with the public tests offered while coding. */
export const sawPublicTests = (r: Conditioned): boolean => r.human?.tests === 'while-coding';

/** The runs in their order, the while-coding ones after the rest and named as that condition. */
export function apartFromBaseline<R extends Conditioned>(runs: readonly R[]): R[] {
  const mark = (r: R): R => ({ ...r, model: `${r.model}${WHILE_CODING_MARK}` });
  return [...runs.filter((r) => !sawPublicTests(r)), ...runs.filter(sawPublicTests).map(mark)];
}
