import { describe, expect, it } from 'vitest';
import type { ReleaseRecord } from '../../shared/release/format';
import { diffReleases, taskDiffs, wordDiff } from '../../shared/release/diff';

function task(id: number, overrides: Partial<ReleaseRecord> = {}): ReleaseRecord {
  return {
    task_id: `task_${id}`,
    question_id: 'abc390_b',
    keywords: ['Terminology'],
    modified_content: 'You are given a sequence A.\nPrint the answer.',
    qa_pairs: [{ question: 'What kind of sequence?', answer: 'Positive integers.' }],
    ...overrides,
  };
}

describe('wordDiff', () => {
  it('marks removed and added words and keeps the rest', () => {
    const parts = wordDiff('Print the answer.', 'Print the result.');
    expect(parts.filter((p) => p.op === 'removed').map((p) => p.value.trim())).toEqual(['answer']);
    expect(parts.filter((p) => p.op === 'added').map((p) => p.value.trim())).toEqual(['result']);
    expect(parts.filter((p) => p.op !== 'added').map((p) => p.value).join('')).toBe('Print the answer.');
    expect(parts.filter((p) => p.op !== 'removed').map((p) => p.value).join('')).toBe('Print the result.');
  });
});

describe('diffReleases', () => {
  it('finds nothing between a release and itself', () => {
    const records = [task(1), task(2), task(3)];
    expect(diffReleases(records, records)).toEqual({ added: [], removed: [], changed: [], unchanged: 3 });
  });

  it('matches tasks by task_id, not by position', () => {
    const result = diffReleases([task(1), task(2)], [task(2), task(1)]);
    expect(result).toEqual({ added: [], removed: [], changed: [], unchanged: 2 });
  });

  it('lists added and removed tasks in their release order', () => {
    const result = diffReleases([task(1), task(2), task(3)], [task(2), task(5), task(4)]);
    expect(result.removed.map((r) => r.task_id)).toEqual(['task_1', 'task_3']);
    expect(result.added.map((r) => r.task_id)).toEqual(['task_5', 'task_4']);
    expect(result.unchanged).toBe(1);
  });

  it('names every changed field and gives word diffs of text, questions and answers', () => {
    const before = task(1, { keywords: ['Terminology', 'Behavior'], qa_pairs: [{ question: 'Which kind?', answer: 'Positive.' }, { question: 'What to print?', answer: 'Yes or No.' }] });
    const after = task(1, {
      keywords: ['Behavior', 'Terminology'],
      modified_content: 'You are given a sequence A.\nPrint the result.',
      qa_pairs: [{ question: 'Which kind?', answer: 'Positive integers.' }, { question: 'What should be printed?', answer: 'Yes or No.' }],
    });
    const [changed] = diffReleases([before], [after]).changed;
    expect(changed!.fields).toEqual(['keywords', 'modified_content', 'qa_pairs[0].answer', 'qa_pairs[1].question']);
    const text = changed!.diffs.find((d) => d.field === 'modified_content')!;
    expect(text.parts.filter((p) => p.op !== 'equal').map((p) => `${p.op}:${p.value.trim()}`)).toEqual(['removed:answer', 'added:result']);
    const answer = changed!.diffs.find((d) => d.field === 'qa_pairs[0].answer')!;
    expect(answer).toMatchObject({ before: 'Positive.', after: 'Positive integers.' });
    expect(answer.parts.some((p) => p.op === 'added' && p.value.includes('integers'))).toBe(true);
  });

  it('reports a qa pair that appears or disappears as a change from or to the empty string', () => {
    const after = task(1, { qa_pairs: [...task(1).qa_pairs, { question: 'Ties?', answer: 'Print any.' }] });
    const diffs = taskDiffs(task(1), after);
    expect(diffs.map((d) => d.field)).toEqual(['qa_pairs[1].question', 'qa_pairs[1].answer']);
    expect(diffs[0]).toMatchObject({ before: '', after: 'Ties?' });
  });

  it('compares per-point types and provenance of extended releases', () => {
    const before = task(1, { qa_pairs: [{ question: 'Q', answer: 'A', type: 'Terminology' }] });
    const after = task(1, {
      qa_pairs: [{ question: 'Q', answer: 'A', type: 'Behavior' }],
      provenance: { subset: [0], points: ['A'], override: null, adjudication: 'adjudication' },
    });
    expect(taskDiffs(before, after).map((d) => d.field)).toEqual(['qa_pairs[0].type', 'provenance']);
  });
});
