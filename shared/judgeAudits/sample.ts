/**
 * The audit's sample: question turns of a run drawn at random within the run's two labels (hit,
 * miss) in proportion to their sizes, then put in a random order, so a labeller meets hits and
 * misses mixed and cannot guess a label from an item's place. The same turns, size and seed
 * always give the same sample.
 */
import { seededRandom } from '../random';

/** How many of `size` items come from the hits: in proportion, but at least one of each label that exists when size allows. */
export function hitShare(size: number, hits: number, turns: number): number {
  const misses = turns - hits;
  let fromHits = Math.round((size * hits) / turns);
  // κ needs both labels among the items: a rare label rounded away would leave it undefined.
  if (size >= 2 && hits > 0 && fromHits === 0) fromHits = 1;
  if (size >= 2 && misses > 0 && fromHits === size) fromHits = size - 1;
  // A stratum cannot give more than it holds: the other one makes up the rest.
  fromHits = Math.min(fromHits, hits);
  if (size - fromHits > misses) fromHits = size - misses;
  return fromHits;
}

/** The first `count` of a seeded partial Fisher–Yates shuffle of the indices. */
function draw(indices: readonly number[], count: number, random: () => number): number[] {
  const pool = [...indices];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/**
 * The sampled turns as indices into `labels` (the run's label of each question turn, in file
 * order), in the order labellers get them. Throws when size is not between 1 and the turns.
 */
export function stratifiedSample(labels: readonly (0 | 1)[], size: number, seed: number): number[] {
  if (!Number.isInteger(size) || size < 1 || size > labels.length) throw new RangeError(`size must be between 1 and ${labels.length}`);
  const hits: number[] = [];
  const misses: number[] = [];
  labels.forEach((label, i) => (label === 1 ? hits : misses).push(i));
  const fromHits = hitShare(size, hits.length, labels.length);
  const random = seededRandom(seed);
  const chosen = [...draw(hits, fromHits, random), ...draw(misses, size - fromHits, random)];
  return draw(chosen, chosen.length, random);
}
