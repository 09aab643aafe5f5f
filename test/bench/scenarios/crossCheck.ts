import { buildCrossCheck } from '../../../shared/crossCheck';
import { applyEdits } from '../../../shared/edits';
import { baseTexts, loadLcbSubset } from '../data/lcbSubset';
import { makePoints, secondOpinion } from '../data/points';
import { seededRandom } from '../data/random';
import { median, timeInterleaved } from '../lib/stats';
import { row, type Scenario } from '../lib/types';

const CALLS = 1000;

/** The longest statement of the subset (by base text, the text the view works on), with two independent 3-point annotations that partly disagree. */
function longestProblem() {
  const records = loadLcbSubset();
  const bases = baseTexts(records);
  let longest = 0;
  bases.forEach((b, i) => {
    if (b.length > bases[longest]!.length) longest = i;
  });
  const base = bases[longest]!;
  const random = seededRandom(3);
  const pointsA = makePoints(base, 3, random);
  // Three aligned pairs that still differ (spans, types, wording): every part of the view has work.
  let pointsB = secondOpinion(base, pointsA, random);
  while (pointsB.length !== 3 || buildCrossCheck(base, pointsA, pointsB).alignment.pairs.length !== 3 || buildCrossCheck(base, pointsA, pointsB).exactAgreement) {
    pointsB = secondOpinion(base, pointsA, random);
  }
  return { questionId: records[longest]!.question_id, base, pointsA, pointsB };
}

export const scenario: Scenario = {
  id: 4,
  name: 'Cross-check view',
  async run(ctx) {
    const { questionId, base, pointsA, pointsB } = longestProblem();
    const check = buildCrossCheck(base, pointsA, pointsB);
    ctx.log(`${questionId}: base text ${base.length} chars; ${check.alignment.pairs.length} aligned pairs, disagreement ${check.disagreement.toFixed(2)}; ${CALLS} calls each`);
    // One call per timed run: the median is per cross-check, not per batch.
    const [cross, baseline] = await timeInterleaved(
      [() => buildCrossCheck(base, pointsA, pointsB), () => [applyEdits(base, pointsA), applyEdits(base, pointsB)]],
      CALLS,
      50,
    );
    return [
      row(`cross-check of ${questionId} (longest statement, ${base.length} chars), two 3-point annotations (baseline: applyEdits of both)`, 'ms', median(cross!), median(baseline!), { kind: 'value-max', limit: 2, unit: 'ms' }, CALLS),
    ];
  },
};
