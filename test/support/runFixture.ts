import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import { importRunFile, type ReleaseRef } from '../../server/services/runs/importRun';

/**
 * The fields of a line of the evaluator's run-output JSONL, in its order (as in the public example
 * run, ../shared/datasets/runs/example-model.jsonl: the datasets project checks the two agree).
 */
export const RUN_OUTPUT_KEYS = ['id', 'task_id', 'key_question_num', 'prompt', 'messages', 'response_contents', 'hit_dict', 'hit_questions', 'turns', 'final_code', 'finished'] as const;

/** One run record in the evaluator's run-output schema: asks `questions` (labels `hits`), then codes. */
export function runLine(
  taskId: string,
  questionId: string,
  k: number,
  questions: readonly string[] = [],
  hits: readonly (0 | 1)[] = [],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const responses = [...questions.map((q) => `[QUESTION]\n${q}\n[/QUESTION]`), '[CODE]\nprint(input())\n[/CODE]'];
  const messages: { role: string; content: string }[] = [{ role: 'system', content: 'rules' }, { role: 'user', content: 'the task' }];
  responses.forEach((r, i) => {
    messages.push({ role: 'assistant', content: r });
    if (i < questions.length) messages.push({ role: 'user', content: `answer ${i + 1}` });
  });
  return {
    id: questionId,
    task_id: taskId,
    key_question_num: k,
    prompt: 'the task',
    messages,
    response_contents: responses,
    hit_dict: Object.fromEntries(hits.map((h, i) => [String(i), h])),
    hit_questions: questions.filter((_q, i) => hits[i] === 1),
    turns: responses.length,
    final_code: 'print(input())',
    finished: true,
    ...extra,
  };
}

export const runFileText = (lines: readonly unknown[]): string => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

/** Write a run file to a temporary folder and import it through the one importer. */
export async function storeRun(db: DB, actor: Actor, model: string, ref: ReleaseRef, lines: readonly unknown[], replace = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccb-run-'));
  try {
    const file = path.join(dir, `${model}.jsonl`);
    fs.writeFileSync(file, runFileText(lines));
    return await importRunFile(db, file, ref, actor, { model, replace });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
