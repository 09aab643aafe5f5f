import { createHash } from 'node:crypto';
import type { DB } from '../../../db/database';
import { insertLegacyRelease } from '../../../db/legacyReleases';
import { insertReleaseFile } from '../../../db/releases';
import { RELEASE_FILE } from '../../../shared/release/format';
import { AMBIGUITY_TYPES } from '../../../shared/taxonomy';
import { pick, randomInt, seededRandom } from './random';

const WORDS = 'sequence integer output print index range order tie empty string grid cell value count minimum maximum sum each query operation answer'.split(' ');

export interface BenchTask {
  taskId: string;
  questionId: string;
  questions: string[];
}

/** A release shaped like the public one: 80 problems, 419 tasks (K = 1: 199, 2: 169, 3: 51), one type per question. */
export function benchRelease(): { text: string; tasks: BenchTask[] } {
  const random = seededRandom(13);
  const tasks: BenchTask[] = [];
  const lines: string[] = [];
  const sentence = (n: number) => Array.from({ length: n }, () => pick(random, WORDS)).join(' ');
  const counts = { 1: 199, 2: 169, 3: 51 } as Record<number, number>;
  let id = 0;
  for (const k of [1, 2, 3]) {
    for (let i = 0; i < counts[k]!; i++) {
      const questionId = `abc${300 + (id % 80)}_${'abcdefg'[id % 7]}`;
      const questions = Array.from({ length: k }, () => `Should the ${sentence(3)} be ${sentence(4)}?`);
      const types = Array.from({ length: k }, () => pick(random, AMBIGUITY_TYPES));
      const taskId = `task_${++id}`;
      tasks.push({ taskId, questionId, questions });
      lines.push(
        JSON.stringify({
          task_id: taskId,
          question_id: questionId,
          keywords: types,
          modified_content: `${sentence(120)}\nInput\n${sentence(30)}\nOutput\n${sentence(30)}`,
          qa_pairs: questions.map((q) => ({ question: q, answer: sentence(12) })),
        }),
      );
    }
  }
  return { text: `${lines.join('\n')}\n`, tasks };
}

/** One model's run over the bench release: 0–3 questions per task, about half of them paraphrasing a key question. */
export function benchRun(tasks: readonly BenchTask[], seed: number): string {
  const random = seededRandom(seed);
  const lines = tasks.map((t) => {
    const asked: string[] = [];
    const hits: (0 | 1)[] = [];
    const n = randomInt(random, 0, 3);
    for (let i = 0; i < n; i++) {
      const key = t.questions[i % t.questions.length]!;
      const hit = random() < 0.5 && !hits.includes(1);
      asked.push(hit ? `Could you clarify: ${key.toLowerCase()}` : `Is the ${pick(random, WORDS)} ${pick(random, WORDS)} allowed to be ${pick(random, WORDS)}?`);
      hits.push(hit ? 1 : 0);
    }
    const responses = [...asked.map((q) => `[QUESTION]\n${q}\n[/QUESTION]`), '[CODE]\nimport sys\nprint(sum(map(int, sys.stdin.read().split())))\n[/CODE]'];
    const prompt = Array.from({ length: 180 }, () => pick(random, WORDS)).join(' ');
    const messages = [{ role: 'system', content: 'You may ask one clarification question per turn, or answer with code.' }, { role: 'user', content: prompt }];
    responses.forEach((r, i) => {
      messages.push({ role: 'assistant', content: r });
      if (i < asked.length) messages.push({ role: 'user', content: `The answer is ${pick(random, WORDS)}.` });
    });
    return JSON.stringify({
      id: t.questionId,
      task_id: t.taskId,
      key_question_num: t.questions.length,
      prompt,
      messages,
      response_contents: responses,
      hit_dict: Object.fromEntries(hits.map((h, i) => [String(i), h])),
      hit_questions: asked.filter((_q, i) => hits[i] === 1).map((_q, i) => t.questions[i % t.questions.length]!),
      turns: responses.length,
      final_code: 'import sys\nprint(sum(map(int, sys.stdin.read().split())))',
      finished: random() > 0.02,
    });
  });
  return `${lines.join('\n')}\n`;
}

/** Store a release file (the bench release) as a legacy release of this name, as import-release leaves it. */
export function storeBenchRelease(db: DB, name: string, text: string): void {
  const content = Buffer.from(text);
  const id = insertLegacyRelease(db, name, '', '{}', null);
  insertReleaseFile(db, id, { path: RELEASE_FILE, content, sha256: createHash('sha256').update(content).digest('hex') });
}
