/** A release name that reads as a version: "v2", "v1.3", "v0.2.0" (the "v" optional). */
const VERSIONED = /^(v?)(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?$/i;

interface Versioned {
  prefix: string;
  parts: number[];
}

function versioned(name: string): Versioned | null {
  const m = VERSIONED.exec(name);
  if (!m) return null;
  return { prefix: m[1] ?? '', parts: [m[2], m[3], m[4]].filter((p): p is string => p !== undefined).map(Number) };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The version after this one, in its own form: v2 → v3, v1.3 → v1.4, v0.2.0 → v0.3.0 (a new cut is a minor step). */
function bump({ prefix, parts }: Versioned): Versioned {
  if (parts.length === 1) return { prefix, parts: [parts[0]! + 1] };
  return { prefix, parts: [parts[0]!, parts[1]! + 1, ...parts.slice(2).map(() => 0)] };
}

const nameOf = (v: Versioned) => `${v.prefix}${v.parts.join('.')}`;

/**
 * The name a new cut proposes: the version after the highest versioned release ("v3" after "v2",
 * whatever else is stored beside it, such as an imported public release), or "v1" when none is.
 */
export function nextReleaseName(existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const highest = existing
    .map(versioned)
    .filter((v): v is Versioned => v !== null)
    .sort((a, b) => compare(b.parts, a.parts))[0];
  let next = highest ? bump(highest) : { prefix: 'v', parts: [1] };
  while (taken.has(nameOf(next).toLowerCase())) next = bump(next);
  return nameOf(next);
}
