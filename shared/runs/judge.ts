/**
 * The lexical judge check (the benchmark's judge_validation.py): every clarification question a
 * run asked is compared by TF-IDF similarity with its task's key questions, and that label
 * (similarity ≥ threshold) is set against the run's own hit label, as accuracy, Cohen's kappa
 * and a confusion matrix, with a threshold sweep.
 */
import type { HitDict } from './metrics';
import { normalizeWhitespace, pyStrip } from './pyText';
import { charWbNgrams, cosine, fitTransformTfidf, wordNgrams } from './tfidf';

export const DEFAULT_JUDGE_THRESHOLD = 0.4;
/** 0.20, 0.25, … 0.60, written out so the thresholds are the exact decimals. */
export const JUDGE_SWEEP = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6] as const;

const QUESTION = /\[QUESTION\]([\s\S]*?)(?:\[\/QUESTION\]|$)/;

/** The question in a response: the text after [QUESTION] up to [/QUESTION] or the end, stripped; null without the tag. */
export function extractQuestion(text: string): string | null {
  if (!text) return null;
  const m = QUESTION.exec(text);
  return m ? pyStrip(m[1]!) : null;
}

/** The non-empty questions of the assistant messages, in order: the run's question turns. */
export function askedQuestions(messages: readonly { role: string; content: string }[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    const q = extractQuestion(m.content);
    if (q) out.push(q);
  }
  return out;
}

/** What the check needs of one run record. */
export interface JudgeRecord {
  taskId: string;
  /** The asked questions (askedQuestions of its messages). */
  questions: readonly string[];
  hitDict: HitDict;
}

export interface JudgeTurn {
  taskId: string;
  turn: number;
  /** The run's label: hit_dict[turn] == 1. */
  label: 0 | 1;
  similarity: number;
  /** Index of the most similar key question, or −1 when the task has none. */
  best: number;
}

export interface Confusion {
  tp: number;
  tn: number;
  fp: number;
  fn: number;
}

export interface SweepRow {
  threshold: number;
  accuracy: number;
  kappa: number | null;
  ours_positive_rate: number;
}

export interface JudgeCheck {
  n_turns: number;
  threshold: number;
  agreement_accuracy: number;
  /** Null when kappa is undefined (every label of both raters in one class). */
  cohen_kappa: number | null;
  confusion_matrix: Confusion;
  /** Share of turns the run's judge labelled a hit. */
  gpt_positive_rate: number;
  /** Share of turns the lexical check labels a hit at the threshold. */
  ours_positive_rate: number;
  threshold_sensitivity: SweepRow[];
}

/**
 * The check's similarity of two documents of a corpus (indexes into it): the larger cosine of
 * their TF-IDF rows under the two models fit on the whole corpus (word 1–2-grams with max_df 0.95,
 * char_wb 3–5-grams with max_df 0.98). The documents are expected whitespace-normalised.
 */
export function fitJudgeSimilarity(corpus: readonly string[]): (a: number, b: number) => number {
  const word = fitTransformTfidf(corpus, wordNgrams(1, 2), 0.95).rows;
  const char = fitTransformTfidf(corpus, charWbNgrams(3, 5), 0.98).rows;
  return (a, b) => Math.max(cosine(word[a]!, word[b]!), cosine(char[a]!, char[b]!));
}

/**
 * Both models fit on one corpus: per record in order, its normalised questions, then its task's
 * key questions. Every question and key question is a document of that corpus, so its rows are
 * the corpus rows (each document is analysed once).
 */
export function judgeTurns(records: readonly JudgeRecord[], keyQuestions: ReadonlyMap<string, readonly string[]>): JudgeTurn[] {
  const corpus: string[] = [];
  const at: { questions: number; keys: number }[] = [];
  const firstKeys = new Map<string, number>();
  for (const r of records) {
    const questions = corpus.length;
    for (const q of r.questions) corpus.push(normalizeWhitespace(q));
    const keys = corpus.length;
    for (const k of keyQuestions.get(r.taskId) ?? []) corpus.push(normalizeWhitespace(k));
    if (!firstKeys.has(r.taskId)) firstKeys.set(r.taskId, keys);
    at.push({ questions, keys });
  }
  if (corpus.length === 0) return [];
  const similarity = fitJudgeSimilarity(corpus);
  const turns: JudgeTurn[] = [];
  records.forEach((r, i) => {
    const keys = keyQuestions.get(r.taskId);
    if (keys === undefined) return;
    const keyStart = firstKeys.get(r.taskId)!;
    r.questions.forEach((_q, turn) => {
      const doc = at[i]!.questions + turn;
      let best = -1;
      let bestSimilarity = -1;
      keys.forEach((_k, j) => {
        const sim = similarity(doc, keyStart + j);
        if (sim > bestSimilarity) {
          bestSimilarity = sim;
          best = j;
        }
      });
      const label = Math.trunc(r.hitDict[String(turn)] ?? 0) === 1 ? 1 : 0;
      turns.push({ taskId: r.taskId, turn, label, similarity: Math.max(0, bestSimilarity), best });
    });
  });
  return turns;
}

/** Cohen's kappa of two binary label vectors as scikit-learn computes it; null when undefined. */
export function binaryKappa(c: Confusion): number | null {
  const n = c.tp + c.tn + c.fp + c.fn;
  if (n === 0) return null;
  // Rows: the run's label (0, 1); columns: ours.
  const row0 = c.tn + c.fp;
  const row1 = c.fn + c.tp;
  const col0 = c.tn + c.fn;
  const col1 = c.fp + c.tp;
  const expectedDisagreement = (row0 * col1) / n + (row1 * col0) / n;
  if (expectedDisagreement === 0) return null;
  return 1 - (c.fp + c.fn) / expectedDisagreement;
}

function confusionAt(turns: readonly JudgeTurn[], threshold: number): Confusion {
  const c: Confusion = { tp: 0, tn: 0, fp: 0, fn: 0 };
  for (const t of turns) {
    const ours = t.similarity >= threshold;
    if (t.label === 1) {
      if (ours) c.tp++;
      else c.fn++;
    } else if (ours) c.fp++;
    else c.tn++;
  }
  return c;
}

/** The check's report over already-scored turns; null when the run asked no question at all. */
export function summarizeJudge(turns: readonly JudgeTurn[], threshold = DEFAULT_JUDGE_THRESHOLD): JudgeCheck | null {
  const n = turns.length;
  if (n === 0) return null;
  const positives = turns.filter((t) => t.label === 1).length;
  const row = (thr: number) => {
    const c = confusionAt(turns, thr);
    return { c, accuracy: (c.tp + c.tn) / n, kappa: binaryKappa(c), rate: (c.tp + c.fp) / n };
  };
  const at = row(threshold);
  return {
    n_turns: n,
    threshold,
    agreement_accuracy: at.accuracy,
    cohen_kappa: at.kappa,
    confusion_matrix: at.c,
    gpt_positive_rate: positives / n,
    ours_positive_rate: at.rate,
    threshold_sensitivity: JUDGE_SWEEP.map((thr) => {
      const r = row(thr);
      return { threshold: thr, accuracy: r.accuracy, kappa: r.kappa, ours_positive_rate: r.rate };
    }),
  };
}

/** The lexical judge check of one run against its release's key questions. */
export function judgeCheck(records: readonly JudgeRecord[], keyQuestions: ReadonlyMap<string, readonly string[]>, threshold = DEFAULT_JUDGE_THRESHOLD): JudgeCheck | null {
  return summarizeJudge(judgeTurns(records, keyQuestions), threshold);
}
