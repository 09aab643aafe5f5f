import type { Point } from '../../../shared/edits';
import { baseTexts, loadLcbSubset } from './lcbSubset';
import { makePoints, secondOpinion } from './points';
import { randomInt, seededRandom } from './random';

export interface DoublyAnnotated {
  questionId: string;
  base: string;
  annotatorA: string;
  annotatorB: string;
  pointsA: Point[];
  pointsB: Point[];
  /** The adjudicated points where the problem is resolved (here: A's points on 60% of problems). */
  gold: Point[] | null;
}

const ANNOTATORS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];

/**
 * `count` problems (real base texts, cycled) each annotated by a pair of six annotators:
 * A writes 1–3 points, B an independent take that mostly overlaps; 60% are adjudicated.
 */
export function doublyAnnotated(count: number, seed = 7): DoublyAnnotated[] {
  const bases = baseTexts(loadLcbSubset());
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const base = bases[i % bases.length]!;
    const a = randomInt(random, 0, ANNOTATORS.length - 1);
    const b = (a + randomInt(random, 1, ANNOTATORS.length - 1)) % ANNOTATORS.length;
    const pointsA = makePoints(base, randomInt(random, 1, 3), random);
    const pointsB = secondOpinion(base, pointsA, random);
    return {
      questionId: `p${i}`,
      base,
      annotatorA: ANNOTATORS[a]!,
      annotatorB: ANNOTATORS[b]!,
      pointsA,
      pointsB,
      gold: random() < 0.6 ? pointsA : null,
    };
  });
}
