/**
 * The benchmark's protocol for a pilot, as pure functions: the live answer to a question, the
 * labels a pilot run is scored with, and the run-output line a session becomes.
 */
import { extractCode } from '../runs/extractCode';
import { fitJudgeSimilarity } from '../runs/judge';
import { normalizeWhitespace } from '../runs/pyText';
import type { RunLine } from '../runs/runLine';
import { ALREADY_ANSWERED, NOT_RELEVANT } from '../schemas/pilots';

export interface KeyQA {
  question: string;
  answer: string;
}

export interface Match {
  /** Index of the most similar key question (the first of equals), −1 when the task has none. */
  best: number;
  similarity: number;
}

/**
 * The judge check's similarity of `question` to each of the task's key questions, with the
 * vocabulary (both TF-IDF models) fit on: every key question of the release (`releaseKeys`, each
 * task's in release order), then the study's questions asked so far, then this question — all
 * whitespace-normalised. The task's key questions are `releaseKeys[keyStart … keyStart + k − 1]`.
 */
export function matchQuestion(question: string, releaseKeys: readonly string[], keyStart: number, k: number, studyQuestions: readonly string[]): Match {
  if (k === 0) return { best: -1, similarity: 0 };
  const corpus = [...releaseKeys, ...studyQuestions, question].map(normalizeWhitespace);
  const similarity = fitJudgeSimilarity(corpus);
  const doc = corpus.length - 1;
  let best = -1;
  let top = -1;
  for (let j = 0; j < k; j++) {
    const s = similarity(doc, keyStart + j);
    if (s > top) {
      top = s;
      best = j;
    }
  }
  return { best, similarity: Math.max(0, top) };
}

export interface LiveAnswer {
  answer: string;
  /** The key question answered (a hit), or null. */
  key: number | null;
}

/**
 * At or above the threshold: the best match's answer if it was not covered yet, else "already
 * answered"; below it: "not relevant".
 */
export function liveAnswer(match: Match, threshold: number, keys: readonly KeyQA[], covered: ReadonlySet<number>): LiveAnswer {
  if (match.best < 0 || match.similarity < threshold) return { answer: NOT_RELEVANT, key: null };
  if (covered.has(match.best)) return { answer: ALREADY_ANSWERED, key: null };
  return { answer: keys[match.best]!.answer, key: match.best };
}

export interface LabelledTurn {
  liveKey: number | null;
  /** The reviewed label, when reviewed. */
  reviewed: { hit: boolean; key: number | null } | null;
}

/**
 * The run's labels: per turn the reviewed label where there is one, else the live one; a turn
 * counts as a hit only if its key question was not hit by an earlier turn (hit_dict marks new key
 * questions). Returns the 0/1 labels and the key questions hit, in turn order.
 */
export function runLabels(turns: readonly LabelledTurn[]): { labels: (0 | 1)[]; keys: number[] } {
  const keys: number[] = [];
  const labels = turns.map((t): 0 | 1 => {
    const key = t.reviewed ? (t.reviewed.hit ? t.reviewed.key : null) : t.liveKey;
    if (key === null || keys.includes(key)) return 0;
    keys.push(key);
    return 1;
  });
  return { labels, keys };
}

/** Python's order of two strings (by code point; JavaScript's own sort compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export const questionTurn = (question: string): string => `[QUESTION]\n${question}\n[/QUESTION]`;
export const codeTurn = (code: string): string => `[CODE]\n${code}\n[/CODE]`;

export interface SessionForRun {
  taskId: string;
  questionId: string;
  text: string;
  keyQuestions: readonly KeyQA[];
  turns: readonly ({ question: string; answer: string } & LabelledTurn)[];
  /** The submitted code; null when the last allowed question ended the task without code. */
  code: string | null;
}

/**
 * A submitted session as one line of the evaluator's run-output schema (what `runs import` reads),
 * as the benchmark's `run_task` writes it: `turns` is the number of responses (the questions, plus
 * the code when there is one); a task ended by its last question has no code response, and its
 * `final_code` is what `extract_code` makes of that last response.
 */
export function sessionRunLine(s: SessionForRun): RunLine {
  const { labels, keys } = runLabels(s.turns);
  const messages: { role: string; content: string }[] = [{ role: 'user', content: s.text }];
  for (const t of s.turns) {
    messages.push({ role: 'assistant', content: questionTurn(t.question) });
    messages.push({ role: 'user', content: t.answer });
  }
  if (s.code !== null) messages.push({ role: 'assistant', content: codeTurn(s.code) });
  const responses = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const hitDict: Record<string, 0 | 1> = {};
  labels.forEach((l, i) => (hitDict[String(i)] = l));
  return {
    id: s.questionId,
    task_id: s.taskId,
    key_question_num: s.keyQuestions.length,
    prompt: s.text,
    messages,
    response_contents: responses,
    hit_dict: hitDict,
    // run_task writes sorted(hit_questions): Python's order of str, by code point.
    hit_questions: keys.map((k) => s.keyQuestions[k]!.question).sort(byCodePoint),
    turns: responses.length,
    final_code: s.code ?? extractCode(responses[responses.length - 1] ?? ''),
    finished: true,
  };
}
