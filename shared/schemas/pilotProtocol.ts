/** A pilot study's RealHumanEval settings: when the public tests are offered, when Skip is. */

/** The two conditions of a study: the public tests only on the submitted code, or offered while coding. */
export const TESTS_MODES = ['after-submit', 'while-coding'] as const;
export type TestsMode = (typeof TESTS_MODES)[number];
/** RealHumanEval lets a participant skip a task after ten minutes on it. */
export const DEFAULT_SKIP_AFTER_MINUTES = 10;
