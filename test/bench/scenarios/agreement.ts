import { alignPoints } from '../../../shared/alignment';
import { computeAgreement, type AgreementItem } from '../../../shared/agreement';
import { doublyAnnotated } from '../data/doubleAnnotations';
import { median, timeInterleaved } from '../lib/stats';
import { row, type Scenario } from '../lib/types';

const PROBLEMS = 2000;

export const scenario: Scenario = {
  id: 5,
  name: 'Agreement',
  async run(ctx) {
    const items: AgreementItem[] = doublyAnnotated(PROBLEMS).map((p) => ({
      questionId: p.questionId,
      baseLength: p.base.length,
      annotatorA: p.annotatorA,
      annotatorB: p.annotatorB,
      pointsA: p.pointsA,
      pointsB: p.pointsB,
      gold: p.gold,
    }));
    const runs = ctx.quick ? 3 : 9;
    ctx.log(`${items.length} doubly-annotated problems, ${items.reduce((s, i) => s + i.pointsA.length + i.pointsB.length, 0)} points; ${runs} runs`);
    let pairs = 0;
    const [agreement, baseline] = await timeInterleaved(
      [
        () => computeAgreement(items),
        () => {
          pairs = 0;
          for (const item of items) pairs += alignPoints(item.pointsA, item.pointsB).pairs.length;
        },
      ],
      runs,
    );
    const report = computeAgreement(items);
    if (report.problems !== PROBLEMS) throw new Error(`computeAgreement counted ${report.problems} problems, expected ${PROBLEMS}`);
    ctx.log(`matched pairs ${pairs}; types.kappa ${report.types.kappa.value?.toFixed(3) ?? report.types.kappa.reason}`);
    return [
      row(`agreement, all coefficients over ${PROBLEMS} doubly-annotated problems (baseline: alignPoints only)`, 'ms', median(agreement!), median(baseline!), { kind: 'value-max', limit: 500, unit: 'ms' }, runs),
    ];
  },
};
