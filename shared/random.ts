/** mulberry32: a small, fast seeded 32-bit PRNG; the same seed always gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A bootstrap's resampler: each call draws times.length indices uniformly with replacement and
 * counts them into `times`. The draws are seededRandom(seed)'s, in order (index = ⌊r · n⌋), with
 * mulberry32's step written out here: a call per draw cost twice the time in the bootstrap's loop.
 */
export function countingResampler(seed: number): (times: Uint32Array) => void {
  let a = seed | 0;
  return (times) => {
    const n = times.length;
    times.fill(0);
    let s = a; // a local, not the closure's slot, in the loop
    for (let j = 0; j < n; j++) {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), s | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      times[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)]!++;
    }
    a = s;
  };
}
