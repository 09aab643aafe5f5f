export { seededRandom } from '../../../shared/random';

export const randomInt = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Pick by weight: weights[i] is the relative frequency of items[i]. */
export function pickWeighted<T>(random: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = random() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}
