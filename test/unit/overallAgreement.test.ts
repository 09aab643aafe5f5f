import { describe, expect, it } from 'vitest';
import { computeAgreement, overallAgreement, type AgreementItem, type AgreementPoint } from '../../shared/agreement';
import type { Range } from '../../shared/edits';
import type { AmbiguityType } from '../../shared/taxonomy';

const pt = (type: AmbiguityType | null, ...deletions: Range[]): AgreementPoint => ({ deletions, type });

const ITEMS: AgreementItem[] = [
  { questionId: 'q1', baseLength: 100, annotatorA: 'alice', annotatorB: 'bob', pointsA: [pt('Terminology', [0, 10]), pt('Behavior', [50, 60])], pointsB: [pt('Terminology', [0, 8]), pt('Units', [70, 80])] },
  { questionId: 'q2', baseLength: 50, annotatorA: 'bob', annotatorB: 'alice', pointsA: [pt('Edge Cases', [10, 20])], pointsB: [pt('Behavior', [10, 20]), pt(null, [30, 35])], gold: null },
  { questionId: 'q3', baseLength: 40, annotatorA: 'alice', annotatorB: 'carol', pointsA: [pt('Units', [0, 4])], pointsB: [pt('Units', [0, 4])], gold: [pt('Units', [0, 4])] },
];

describe('overallAgreement', () => {
  it('is computeAgreement without the per-pair and per-problem breakdowns', () => {
    const { pairs, perProblem, ...overall } = computeAgreement(ITEMS);
    expect(pairs.length).toBeGreaterThan(0);
    expect(perProblem).toHaveLength(3);
    expect(overallAgreement(ITEMS)).toEqual(overall);
    expect(overallAgreement([])).toEqual((({ pairs: _p, perProblem: _q, ...rest }) => rest)(computeAgreement([])));
  });
});
