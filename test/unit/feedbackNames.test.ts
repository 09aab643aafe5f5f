/** Feedback never names the other annotator, and never shows which word their name is. */
import { describe, expect, it } from 'vitest';
import { withoutNames, type NotePeople } from '../../server/services/feedback';

const anna: NotePeople = { reader: { username: 'anna', slot: 'A' }, others: ['input'] };

describe('the adjudicator’s notes as an annotator reads them', () => {
  it('leaves a word that is also the other annotator’s name as written', () => {
    const text = 'Input N and the string S: input is fine';
    expect(withoutNames(text, anna)).toBe(text);
  });

  it('replaces a marked mention of either annotator, and its possessive', () => {
    expect(withoutNames('@input deleted it; @Input. @anna’s reading and @input’s point.', anna)).toBe(
      "the other annotator deleted it; the other annotator. your reading and the other annotator's point.",
    );
  });

  it('replaces the cross-check’s labels by the reader’s slot, names revealed or not', () => {
    expect(withoutNames('Annotator B was right, Annotator A (anna) not; Annotator B’s point.', anna)).toBe("the other annotator was right, you not; the other annotator's point.");
    expect(withoutNames('Annotator A and Annotator B', { reader: { username: 'x', slot: null }, others: [] })).toBe('an annotator and an annotator');
  });

  it('touches nothing else: longer names, addresses, other people', () => {
    const text = '@inputs, a@input, @input.x, Annotator Bob and @cleo';
    expect(withoutNames(text, anna)).toBe(text);
  });
});
