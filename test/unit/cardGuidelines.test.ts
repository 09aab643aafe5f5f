import { describe, expect, it } from 'vitest';
import { dataCard } from '../../shared/release/card';
import { cardInput } from '../support/cardInput';

const withGuidelines = (guidelines: { version: number | null; annotations: number }[]) =>
  dataCard(cardInput({ creation: { adjudicated: 2, doublyAnnotated: 2, imported: [], guidelines } }));

describe("the data card's guidelines line", () => {
  it('names the guidelines versions the gold was annotated under, with how many annotations each, and those unrecorded', () => {
    const card = withGuidelines([
      { version: 3, annotations: 2 },
      { version: 4, annotations: 1 },
      { version: null, annotations: 1 },
    ]);
    expect(card).toContain('2. **Guidelines.** Annotated under guidelines versions 3, 4 (version 3: 2 submitted annotations; version 4: 1 submitted annotation)');
    expect(card).toContain('1 submitted annotation has no recorded guidelines version');
    // The steps stay numbered in order: adjudication follows.
    expect(card).toContain('3. **Adjudication.**');
  });

  it('says one version in the singular and nothing of unrecorded ones when there are none', () => {
    const card = withGuidelines([{ version: 1, annotations: 4 }]);
    expect(card).toContain('Annotated under guidelines version 1 (version 1: 4 submitted annotations)');
    expect(card).not.toContain('no recorded guidelines version');
  });

  it('has no guidelines line when no annotation has a recorded version (cards of older data read as before)', () => {
    expect(withGuidelines([{ version: null, annotations: 4 }])).not.toContain('**Guidelines.**');
    expect(withGuidelines([])).not.toContain('**Guidelines.**');
  });
});
