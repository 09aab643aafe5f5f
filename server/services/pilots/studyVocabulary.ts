/**
 * The live answer's vocabulary per study, kept between questions: every key
 * question of the release, then the study's questions so far, fitted once and grown by each
 * question, instead of refitting the whole study at every question. The similarity equals
 * matchQuestion's full refit (test/unit/growingTfidf.test.ts). Kept per process and database;
 * before use it is checked against the stored question count, and rebuilt when it cannot be
 * brought up to date by appending (a rolled-back question, a restored database).
 */
import type { DB } from '../../../db/database';
import { studiesStillAsking, studyQuestionCount, studyQuestionTextsFrom } from '../../../db/pilots';
import { releaseTasks } from '../../../db/runs';
import { GrowingJudgeSimilarity } from '../../../shared/runs/growingTfidf';
import { normalizeWhitespace } from '../../../shared/runs/pyText';
import type { Match } from '../../../shared/pilots/protocol';

interface StudyVocabulary {
  release: string;
  judge: GrowingJudgeSimilarity;
  /** Where each task's key questions start in the corpus, and how many it has. */
  keys: Map<string, { start: number; k: number }>;
  /** Study questions in the corpus (after the release's key questions). */
  questions: number;
  releaseKeys: number;
  /** A question was appended whose transaction has not committed yet. */
  pending: boolean;
}

const kept = new WeakMap<DB, Map<number, StudyVocabulary>>();

function build(db: DB, studyId: number, release: string): StudyVocabulary {
  const keys = new Map<string, { start: number; k: number }>();
  const corpus: string[] = [];
  for (const t of releaseTasks(db, release)) {
    keys.set(t.taskId, { start: corpus.length, k: t.keyQuestions.length });
    for (const k of t.keyQuestions) corpus.push(normalizeWhitespace(k.question));
  }
  const judge = new GrowingJudgeSimilarity(corpus);
  return { release, judge, keys, questions: 0, releaseKeys: corpus.length, pending: false };
}

function current(db: DB, studyId: number, release: string): StudyVocabulary {
  let map = kept.get(db);
  if (!map) kept.set(db, (map = new Map()));
  let v = map.get(studyId);
  const stored = studyQuestionCount(db, studyId);
  if (!v || v.pending || v.release !== release || v.questions > stored) map.set(studyId, (v = build(db, studyId, release)));
  if (v.questions < stored) {
    for (const q of studyQuestionTextsFrom(db, studyId, v.questions)) v.judge.add(normalizeWhitespace(q));
    v.questions = stored;
  }
  return v;
}

/**
 * The best match of `question` among the task's key questions, as matchQuestion computes it,
 * with `question` appended to the study's vocabulary. Call inside the transaction that stores
 * the question, then `commitQuestion` after it committed (or nothing: the next call rebuilds).
 */
export function matchInStudy(db: DB, studyId: number, release: string, taskId: string, question: string): Match {
  const v = current(db, studyId, release);
  const own = v.keys.get(taskId);
  v.pending = true;
  const doc = v.judge.add(normalizeWhitespace(question));
  if (!own || own.k === 0) return { best: -1, similarity: 0 };
  let best = -1;
  let top = -1;
  for (let j = 0; j < own.k; j++) {
    const s = v.judge.similarity(doc, own.start + j);
    if (s > top) {
      top = s;
      best = j;
    }
  }
  return { best, similarity: Math.max(0, top) };
}

/** The question of the last matchInStudy is stored: it stays in the vocabulary. */
export function commitQuestion(db: DB, studyId: number): void {
  const v = kept.get(db)?.get(studyId);
  if (v?.pending) {
    v.pending = false;
    v.questions += 1;
  }
}

/**
 * Build the vocabulary of every study still asking, one study per turn of the event loop, right
 * after the server starts: the first question after a start then costs what any question costs
 * instead of fitting the release's key questions and the study's questions first (a few hundred
 * ms on the public release). Stops quietly when the database was closed meanwhile.
 */
export function warmStudyVocabularies(db: DB, done: () => void = () => {}): void {
  const studies = studiesStillAsking(db);
  const next = (i: number) => {
    if (i >= studies.length || !db.open) return done();
    current(db, studies[i]!.id, studies[i]!.release_sha256);
    setImmediate(() => next(i + 1));
  };
  setImmediate(() => next(0));
}
