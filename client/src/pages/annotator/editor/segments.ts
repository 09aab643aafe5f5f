import type { Point, Repair } from '../../../../../shared/edits';

export interface RepairRef {
  point: number;
  index: number;
  repair: Repair;
}

/** A run of base text [start, end) with one state, or an insertion (a repair with start = end). */
export type Segment =
  | { kind: 'text'; start: number; end: number; deletedBy: number; repair: RepairRef | null }
  | { kind: 'insert'; at: number; repair: RepairRef };

function repairRefs(points: readonly Point[]): RepairRef[] {
  return points.flatMap((p, point) => p.repairs.map((repair, index) => ({ point, index, repair })));
}

/** Split the base text at every deletion and repair boundary, for rendering as offset-carrying spans. */
export function segmentText(base: string, points: readonly Point[]): Segment[] {
  const refs = repairRefs(points);
  const cuts = new Set<number>([0, base.length]);
  for (const p of points) for (const [s, e] of p.deletions) cuts.add(s).add(e);
  for (const r of refs) cuts.add(r.repair.start).add(r.repair.end);
  const sorted = [...cuts].filter((c) => c >= 0 && c <= base.length).sort((a, b) => a - b);
  const out: Segment[] = [];
  const inserts = (at: number) => refs.filter((r) => r.repair.start === at && r.repair.end === at).forEach((repair) => out.push({ kind: 'insert', at, repair }));
  for (let i = 0; i < sorted.length - 1; i++) {
    const start = sorted[i]!;
    const end = sorted[i + 1]!;
    inserts(start);
    const deletedBy = points.findIndex((p) => p.deletions.some(([s, e]) => start >= s && start < e));
    const repair = refs.find((r) => r.repair.start < r.repair.end && start >= r.repair.start && start < r.repair.end) ?? null;
    out.push({ kind: 'text', start, end, deletedBy, repair });
  }
  inserts(base.length);
  return out;
}
