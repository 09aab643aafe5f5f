import { describe, expect, it } from 'vitest';
import { liveAnswer, matchQuestion, runLabels, sessionRunLine } from '../../shared/pilots/protocol';
import { toRunRecord } from '../../shared/runs/runLine';
import { ALREADY_ANSWERED, NOT_RELEVANT } from '../../shared/schemas/pilots';

const keys = [
  { question: 'May the elements be zero or negative?', answer: 'Positive integers.' },
  { question: 'Which kind of progression is meant?', answer: 'Geometric.' },
];

describe('the live answer', () => {
  it('matches a question to the most similar key question of its task with the judge similarity', () => {
    const release = ['Is the output case sensitive?', ...keys.map((k) => k.question)];
    const m = matchQuestion('What kind of progression do you mean?', release, 1, 2, []);
    expect(m.best).toBe(1);
    expect(m.similarity).toBeGreaterThan(0.4);
    expect(matchQuestion('anything', release, 0, 0, [])).toEqual({ best: -1, similarity: 0 });
  });

  it('answers at or above the threshold, once per key question', () => {
    expect(liveAnswer({ best: 1, similarity: 0.4 }, 0.4, keys, new Set())).toEqual({ answer: 'Geometric.', key: 1 });
    expect(liveAnswer({ best: 1, similarity: 0.9 }, 0.4, keys, new Set([1]))).toEqual({ answer: ALREADY_ANSWERED, key: null });
    expect(liveAnswer({ best: 1, similarity: 0.39 }, 0.4, keys, new Set())).toEqual({ answer: NOT_RELEVANT, key: null });
  });
});

describe('the run labels', () => {
  it('take the reviewed label over the live one and count each key question once, in turn order', () => {
    const turns = [
      { liveKey: 1, reviewed: null },
      { liveKey: null, reviewed: { hit: true, key: 1 } },
      { liveKey: 0, reviewed: { hit: false, key: null } },
      { liveKey: null, reviewed: { hit: true, key: 0 } },
    ];
    expect(runLabels(turns)).toEqual({ labels: [1, 0, 0, 1], keys: [1, 0] });
  });

  it("lists the key questions hit sorted as run_task's sorted() sorts them (by code point), whatever the order they were hit in", () => {
    // U+FF5E sorts before U+1F600 by code point, after it by UTF-16 unit (JavaScript's own sort).
    const three = [{ question: 'b \u{1F600}', answer: '1' }, { question: 'b \uFF5E', answer: '2' }, { question: 'a', answer: '3' }];
    const turns = [0, 1, 2].map((key) => ({ question: `q${key}`, answer: 'x', liveKey: key, reviewed: null }));
    const line = sessionRunLine({ taskId: 'task_9', questionId: 'abc1_a', text: 'Decide.', keyQuestions: three, turns, code: 'print(1)' });
    expect(line.hit_questions).toEqual(['a', 'b \uFF5E', 'b \u{1F600}']);
    expect(line.hit_dict).toEqual({ '0': 1, '1': 1, '2': 1 });
  });

  it('a session becomes a run line the run importer reads back', () => {
    const line = sessionRunLine({
      taskId: 'task_3',
      questionId: 'abc1_a',
      text: 'Decide.',
      keyQuestions: keys,
      turns: [{ question: 'Which kind?', answer: 'Geometric.', liveKey: 1, reviewed: null }],
      code: 'print(1)',
    });
    const back = toRunRecord(line);
    expect('record' in back && back.record).toMatchObject({ k: 2, turnsTotal: 2, questions: ['Which kind?'], hitDict: { '0': 1 }, hitQuestions: [keys[1]!.question], finalCode: 'print(1)' });
  });
});
