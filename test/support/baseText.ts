import { baseTextHash } from '../../server/domain/baseText';
import { normalizeBaseText } from '../../shared/baseText';
import { SAMPLE_STATEMENT } from './builders';

/** What every annotation save and submit names: the hash of the base text it was made on. */
export const hashOf = (problem: { baseText: string }): string => baseTextHash(problem.baseText);

/** The hash of the sample statement's base text (every problem buildProblem makes by default). */
export const SAMPLE_HASH = baseTextHash(normalizeBaseText(SAMPLE_STATEMENT));
