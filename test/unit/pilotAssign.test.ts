/** Assignment and sampling of pilot studies: properties checked over many random instances. */
import { describe, expect, it } from 'vitest';
import { assignPilots, type AssignResult, type AssignTask } from '../../shared/pilots/assign';
import { stratifiedSample, stratumOf } from '../../shared/pilots/sample';
import { seededRandom } from '../../shared/random';

interface Instance {
  tasks: AssignTask[];
  pilots: number[];
  perTask: number;
  barred: Map<number, Set<string>>;
}

/** `problems` problems of 1, 3 or 7 tasks (1–3 points), `pilots` pilots each barred from a few problems. */
function instance(seed: number, problems: number, pilots: number, perTask: number): Instance {
  const random = seededRandom(seed);
  const tasks: AssignTask[] = [];
  for (let p = 0; p < problems; p++) {
    const variants = [1, 3, 7][Math.floor(random() * 3)]!;
    for (let v = 0; v < variants; v++) tasks.push({ taskId: `t${p}_${v}`, questionId: `q${p}` });
  }
  const ids = Array.from({ length: pilots }, (_, i) => i + 1);
  const barred = new Map(ids.map((id) => [id, new Set(Array.from({ length: Math.floor(random() * 6) }, () => `q${Math.floor(random() * problems)}`))]));
  return { tasks, pilots: ids, perTask, barred };
}

/** Every rule the assignment promises, checked on its result: the broken ones, worded. */
function brokenRules(inst: Instance, result: AssignResult): string[] {
  const broken: string[] = [];
  const problemOf = new Map(inst.tasks.map((t) => [t.taskId, t.questionId]));
  const held = new Map(inst.pilots.map((p) => [p, new Set<string>()]));
  const load = new Map(inst.pilots.map((p) => [p, 0]));
  const perTask = new Map<string, number[]>();
  const lastOf = new Map<number, string>();
  for (const a of result.assignments) {
    const q = problemOf.get(a.taskId)!;
    // Never a problem the pilot annotated or adjudicated; at most one task per problem.
    if (inst.barred.get(a.pilot)!.has(q)) broken.push(`pilot ${a.pilot} got ${a.taskId} of barred ${q}`);
    if (held.get(a.pilot)!.has(q)) broken.push(`pilot ${a.pilot} holds two tasks of ${q}`);
    held.get(a.pilot)!.add(q);
    load.set(a.pilot, load.get(a.pilot)! + 1);
    perTask.set(a.taskId, [...(perTask.get(a.taskId) ?? []), a.pilot]);
    lastOf.set(a.pilot, a.taskId);
  }
  const eligibleAtEnd = (pilot: number, taskId: string) => {
    const q = problemOf.get(taskId)!;
    return !inst.barred.get(pilot)!.has(q) && !held.get(pilot)!.has(q);
  };
  const short = new Map(result.shortfall.map((s) => [s.taskId, s.assigned]));
  for (const t of inst.tasks) {
    const got = perTask.get(t.taskId) ?? [];
    if (got.length > inst.perTask) broken.push(`${t.taskId} got ${got.length} pilots`);
    if (got.length < inst.perTask) {
      // A short task is reported, and no pilot left out could have taken it.
      if (short.get(t.taskId) !== got.length) broken.push(`${t.taskId} is short but not reported`);
      for (const p of inst.pilots) if (!got.includes(p) && eligibleAtEnd(p, t.taskId)) broken.push(`pilot ${p} could have taken short ${t.taskId}`);
    } else if (short.has(t.taskId)) broken.push(`${t.taskId} reported short`);
  }
  // Balance: when p carries two more than q, q could not have taken p's last task.
  for (const p of inst.pilots) {
    for (const q of inst.pilots) {
      if (load.get(p)! < load.get(q)! + 2) continue;
      const last = lastOf.get(p)!;
      if (!(perTask.get(last) ?? []).includes(q) && eligibleAtEnd(q, last)) broken.push(`pilot ${q} (${load.get(q)}) could have taken ${last} from ${p} (${load.get(p)})`);
    }
  }
  return broken;
}

describe('pilot assignment', () => {
  it('20 pilots, 80 problems: the rules hold over 100 random instances (1–3 pilots per task)', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const inst = instance(seed, 80, 20, 1 + (seed % 3));
      expect(brokenRules(inst, assignPilots(inst.tasks, inst.pilots, inst.perTask, inst.barred)), `seed ${seed}`).toEqual([]);
    }
  });

  it('the check itself catches a broken assignment', () => {
    const inst = instance(5, 80, 20, 1);
    const result = assignPilots(inst.tasks, inst.pilots, inst.perTask, inst.barred);
    const [first] = result.assignments;
    const twin = inst.tasks.find((t) => t.questionId === inst.tasks.find((x) => x.taskId === first!.taskId)!.questionId && t.taskId !== first!.taskId);
    const broken = { ...result, assignments: [...result.assignments, { taskId: twin?.taskId ?? first!.taskId, pilot: first!.pilot }] };
    expect(brokenRules(inst, broken).length).toBeGreaterThan(0);
  });

  it('balances the load when nothing bars anyone: loads differ by at most one', () => {
    const tasks = Array.from({ length: 45 }, (_, i) => ({ taskId: `t${i}`, questionId: `q${i}` }));
    const result = assignPilots(tasks, [1, 2, 3, 4], 1, new Map());
    const loads = [1, 2, 3, 4].map((p) => result.assignments.filter((a) => a.pilot === p).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(result.shortfall).toEqual([]);
  });

  it('gives one pilot only one variant of a problem, and reports the rest as short', () => {
    const tasks = ['a', 'b', 'c'].map((v) => ({ taskId: v, questionId: 'q1' }));
    const result = assignPilots(tasks, [7], 1, new Map());
    expect(result.assignments).toEqual([{ taskId: 'a', pilot: 7 }]);
    expect(result.shortfall).toEqual([
      { taskId: 'b', assigned: 0 },
      { taskId: 'c', assigned: 0 },
    ]);
  });
});

describe('stratified sample', () => {
  const tasks = Array.from({ length: 100 }, (_, i) => ({ taskId: `t${i}`, k: 1 + (i % 3), type: i % 5 === 0 ? 'Units' : 'Behavior' }));

  it('is reproducible from its seed, keeps release order and shares the size among strata in proportion', () => {
    const a = stratifiedSample(tasks, 30, 42);
    expect(stratifiedSample(tasks, 30, 42)).toEqual(a);
    expect(stratifiedSample(tasks, 30, 43)).not.toEqual(a);
    expect(a).toHaveLength(30);
    expect(a.map((t) => Number(t.taskId.slice(1)))).toEqual([...a.map((t) => Number(t.taskId.slice(1)))].sort((x, y) => x - y));
    const count = (list: typeof tasks) => {
      const m = new Map<string, number>();
      for (const t of list) m.set(stratumOf(t), (m.get(stratumOf(t)) ?? 0) + 1);
      return m;
    };
    const all = count(tasks);
    for (const [stratum, n] of count(a)) expect(Math.abs(n - (all.get(stratum)! * 30) / 100)).toBeLessThan(1);
  });

  it('takes every task when the size is at least their number', () => {
    expect(stratifiedSample(tasks, 500, 1)).toEqual(tasks);
  });
});
