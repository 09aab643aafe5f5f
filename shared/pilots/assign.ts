/**
 * Assigning a study's tasks to pilots. A pilot never gets a task of a problem they annotated or
 * adjudicated (or already hold a pilot task of), and gets at most one task per problem (the
 * variants of a problem reveal each other). Each task goes to the least-loaded eligible pilots
 * (ties: the pilot listed first), as `assign --auto` balances annotators.
 */

export interface AssignTask {
  taskId: string;
  questionId: string;
}

export interface PilotAssignment {
  taskId: string;
  pilot: number;
}

export interface AssignResult {
  /** In the order made. */
  assignments: PilotAssignment[];
  /** Tasks that got fewer pilots than asked, with how many they got. */
  shortfall: { taskId: string; assigned: number }[];
}

/**
 * @param pilots pilot ids, in their alias order
 * @param barred per pilot, the problems (question ids) they may not get
 */
export function assignPilots(tasks: readonly AssignTask[], pilots: readonly number[], perTask: number, barred: ReadonlyMap<number, ReadonlySet<string>>): AssignResult {
  const load = new Map(pilots.map((p) => [p, 0]));
  const held = new Map(pilots.map((p) => [p, new Set(barred.get(p) ?? [])]));
  const assignments: PilotAssignment[] = [];
  const shortfall: AssignResult['shortfall'] = [];
  for (const task of tasks) {
    const eligible = pilots.filter((p) => !held.get(p)!.has(task.questionId));
    eligible.sort((a, b) => load.get(a)! - load.get(b)! || pilots.indexOf(a) - pilots.indexOf(b));
    const chosen = eligible.slice(0, perTask);
    for (const p of chosen) {
      assignments.push({ taskId: task.taskId, pilot: p });
      load.set(p, load.get(p)! + 1);
      held.get(p)!.add(task.questionId);
    }
    if (chosen.length < perTask) shortfall.push({ taskId: task.taskId, assigned: chosen.length });
  }
  return { assignments, shortfall };
}
