/**
 * One line of a run file (the benchmark evaluator's run-output schema), checked field by field,
 * and the compact record the tool keeps of it.
 */
import { z } from 'zod';
import { askedQuestions } from './judge';
import { keyQuestionNum, turnsTotal, type HitDict } from './metrics';

const TURN_INDEX = /^(0|[1-9][0-9]*)$/;

const message = z.object({ role: z.string(), content: z.string() });

export const runLineSchema = z.object({
  id: z.string().min(1, 'must be a non-empty string'),
  task_id: z.string().min(1, 'must be a non-empty string'),
  key_question_num: z.number().int('must be an integer').min(0, 'must not be negative').nullish(),
  qa_pairs: z.array(z.unknown()).nullish(),
  prompt: z.string().nullish(),
  messages: z.array(message).nullish(),
  response_contents: z.array(z.string()).nullish(),
  hit_dict: z
    .record(z.string(), z.union([z.literal(0), z.literal(1)], { message: 'each label must be 0 or 1' }))
    .nullish(),
  hit_questions: z.array(z.string()).nullish(),
  turns: z.number().int('must be an integer').min(0, 'must not be negative').nullish(),
  final_code: z.string().nullish(),
  finished: z.boolean().nullish(),
});

export type RunLine = z.infer<typeof runLineSchema>;

/** What the tool keeps of one run record. */
export interface RunRecord {
  taskId: string;
  questionId: string;
  k: number;
  turnsTotal: number;
  finished: boolean;
  hitDict: HitDict;
  hitQuestions: string[];
  /** The non-empty [QUESTION] payloads of the assistant messages: the judge check's turns. */
  questions: string[];
  messages: { role: string; content: string }[];
  finalCode: string;
}

export interface LineProblem {
  field: string;
  message: string;
}

/** The record of a line that passed the schema, or what is wrong with it beyond the schema. */
export function toRunRecord(line: RunLine): { record: RunRecord } | { problems: LineProblem[] } {
  const hitDict = line.hit_dict ?? {};
  const total = turnsTotal(line);
  const problems: LineProblem[] = [];
  if (total < 1) problems.push({ field: 'turns', message: 'a run record has at least one model response (the final code turn)' });
  for (const key of Object.keys(hitDict)) {
    if (!TURN_INDEX.test(key)) problems.push({ field: `hit_dict.${key}`, message: 'keys must be turn indexes (0, 1, 2, …)' });
    else if (total >= 1 && Number(key) >= total) problems.push({ field: `hit_dict.${key}`, message: `turn ${key} does not exist: the record has ${total} turn${total === 1 ? '' : 's'}` });
  }
  if (problems.length > 0) return { problems };
  const messages = line.messages ?? [];
  return {
    record: {
      taskId: line.task_id,
      questionId: line.id,
      k: keyQuestionNum(line),
      turnsTotal: total,
      finished: line.finished ?? true,
      hitDict,
      hitQuestions: line.hit_questions ?? [],
      questions: askedQuestions(messages),
      messages,
      finalCode: line.final_code ?? '',
    },
  };
}
