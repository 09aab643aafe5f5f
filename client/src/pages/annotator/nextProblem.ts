import type { QueueItem } from '../../../../shared/schemas/annotation';

/**
 * The problem to open after `current` is submitted: the next open (not submitted) one in queue
 * order after it, else the first open one before it, else null (the queue is done).
 */
export function nextOpenProblem(items: readonly QueueItem[], current: string): QueueItem | null {
  const at = items.findIndex((i) => i.questionId === current);
  const open = (i: QueueItem) => i.status !== 'submitted' && i.questionId !== current;
  return items.slice(at + 1).find(open) ?? items.slice(0, Math.max(at, 0)).find(open) ?? null;
}
