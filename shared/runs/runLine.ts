/**
 * One line of a run file (the benchmark evaluator's run-output schema), checked field by field,
 * and the compact record the tool keeps of it.
 */
import { z } from 'zod';
import { finalCode } from './extractCode';
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
  /** An older schema's dialogue: read only for the pass@1 code when `messages` is empty. */
  response_history: z.array(z.unknown()).nullish(),
  hit_dict: z
    .record(z.string(), z.union([z.literal(0), z.literal(1)], { message: 'each label must be 0 or 1' }))
    .nullish(),
  hit_questions: z.array(z.string()).nullish(),
  turns: z.number().int('must be an integer').min(0, 'must not be negative').nullish(),
  final_code: z.string().nullish(),
  finished: z.boolean().nullish(),
});

export type RunLine = z.infer<typeof runLineSchema>;

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fast path of runLineSchema for a well-formed line: the same value the schema's parse gives
 * (known fields only, messages as {role, content}), built without it, or null when anything is
 * unusual — then the schema decides and words the issues. It only accepts what the schema accepts.
 */
export function quickRunLine(json: unknown): RunLine | null {
  if (!isPlainObject(json)) return null;
  const { id, task_id, key_question_num, qa_pairs, prompt, messages, response_contents, response_history, hit_dict, hit_questions, turns, final_code, finished } = json;
  if (!isString(id) || id === '' || !isString(task_id) || task_id === '') return null;
  const out: RunLine = { id, task_id };
  if (key_question_num != null) {
    if (!isCount(key_question_num)) return null;
    out.key_question_num = key_question_num;
  }
  if (qa_pairs != null) {
    if (!Array.isArray(qa_pairs)) return null;
    out.qa_pairs = [...(qa_pairs as unknown[])];
  }
  if (prompt != null) {
    if (!isString(prompt)) return null;
    out.prompt = prompt;
  }
  if (messages != null) {
    if (!Array.isArray(messages)) return null;
    const kept: { role: string; content: string }[] = [];
    for (const m of messages as unknown[]) {
      if (!isPlainObject(m) || !isString(m.role) || !isString(m.content)) return null;
      kept.push({ role: m.role, content: m.content });
    }
    out.messages = kept;
  }
  if (response_contents != null) {
    if (!isStringArray(response_contents)) return null;
    out.response_contents = [...response_contents];
  }
  if (response_history != null) {
    if (!Array.isArray(response_history)) return null;
    out.response_history = [...(response_history as unknown[])];
  }
  if (hit_dict != null) {
    if (!isPlainObject(hit_dict)) return null;
    const labels: Record<string, 0 | 1> = {};
    for (const key of Object.keys(hit_dict)) {
      const label = hit_dict[key];
      if ((label !== 0 && label !== 1) || key === '__proto__') return null;
      labels[key] = label;
    }
    out.hit_dict = labels;
  }
  if (hit_questions != null) {
    if (!isStringArray(hit_questions)) return null;
    out.hit_questions = [...hit_questions];
  }
  if (turns != null) {
    if (!isCount(turns)) return null;
    out.turns = turns;
  }
  if (final_code != null) {
    if (!isString(final_code)) return null;
    out.final_code = final_code;
  }
  if (finished != null) {
    if (typeof finished !== 'boolean') return null;
    out.finished = finished;
  }
  return out;
}

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
  /**
   * The code prepare_pass1.py takes from the record when final_code is empty (extract_code of the
   * last response), else null: a non-empty final_code is taken as it is.
   */
  pass1Code: string | null;
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
      pass1Code: line.final_code ? null : finalCode(line),
    },
  };
}
