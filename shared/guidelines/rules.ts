import { MAX_POINTS, MAX_REPAIR_LENGTH, REPAIR_REACH } from '../edits';

/**
 * The deletion rules, as `validatePoints` (shared/edits.ts) enforces them on every save and
 * submit; the numbers come from the same constants, so the page cannot drift from the check.
 */
export const DELETION_RULES: readonly { title: string; text: string }[] = [
  {
    title: 'Delete, never rewrite',
    text: 'An ambiguity point removes information from the base text (the statement without its examples). Only deletions are allowed, plus the repairs below; nothing is added or reworded. The task must keep its objective and still read naturally.',
  },
  {
    title: 'What may be deleted',
    text: 'Any span of the base text that states something a solver needs: a definition, a rule, a limit, a tie-break, an output layout. A span must delete more than whitespace, cannot split a character, and each character is deleted by one point only.',
  },
  {
    title: 'Repairs',
    text: `When a deletion leaves the text ungrammatical, a repair may change punctuation, a line break or the case of letters — at most ${MAX_REPAIR_LENGTH} characters, within ${REPAIR_REACH} characters of a deletion of the same point, never inside deleted text. Every repair is recorded and flagged for the adjudicator.`,
  },
  {
    title: `One to ${MAX_POINTS} points`,
    text: `An annotation has 1 to ${MAX_POINTS} points. Each point has at least one deletion, a key question, an answer and one of the 11 ambiguity types; a draft may be incomplete, a submission may not.`,
  },
  {
    title: 'The key question',
    text: 'The one clarification question a model should ask to recover what was deleted. Ask about the missing information, not about the deleted words.',
  },
  {
    title: 'The answer comes from the deleted text',
    text: 'The ground-truth answer restores what the deletion removed, in words drawn from the deleted text: nothing the original statement did not say.',
  },
];
