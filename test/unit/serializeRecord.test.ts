import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pythonJson, serializeRecord, serializeRelease, type ReleaseRecord } from '../../shared/release/format';
import { serializeReleaseBytes } from '../../server/services/releases/releaseBytes';

// The reading of the format: the record as an object with its fields in public order,
// written by pythonJson. serializeRecord writes the same text field by field.
function reference(record: ReleaseRecord): string {
  const ordered: Record<string, unknown> = {
    task_id: record.task_id,
    question_id: record.question_id,
    keywords: record.keywords,
    modified_content: record.modified_content,
    qa_pairs: record.qa_pairs.map((p) => (p.type === undefined ? { question: p.question, answer: p.answer } : { question: p.question, answer: p.answer, type: p.type })),
  };
  if (record.provenance) ordered.provenance = record.provenance;
  return pythonJson(ordered);
}

// Any UTF-16 text: quotes, backslashes, control characters, non-ASCII and lone surrogates.
const text = fc.string({ unit: 'binary', maxLength: 30 });
const record: fc.Arbitrary<ReleaseRecord> = fc.record(
  {
    task_id: text,
    question_id: text,
    keywords: fc.array(text, { maxLength: 3 }),
    modified_content: text,
    qa_pairs: fc.array(fc.record({ question: text, answer: text, type: text }, { requiredKeys: ['question', 'answer'] }), { maxLength: 3 }),
    provenance: fc.record({
      subset: fc.array(fc.nat(2), { maxLength: 3 }),
      points: fc.array(fc.constantFrom('A', 'B', 'merged', 'new', 'legacy'), { maxLength: 3 }),
      override: fc.constantFrom('edit' as const, 'rewrite' as const, null),
      adjudication: fc.constantFrom('adjudication' as const, 'legacy' as const),
    }),
  },
  { requiredKeys: ['task_id', 'question_id', 'keywords', 'modified_content', 'qa_pairs'] },
);

describe('serializeRecord', () => {
  it('writes a record as the public file does', () => {
    expect(serializeRecord({ task_id: 'task_1', question_id: 'abc1_a', keywords: ['Output Format'], modified_content: 'Print "x".\nN ≤ 5', qa_pairs: [{ question: 'How?', answer: 'As is.' }] })).toBe(
      '{"task_id": "task_1", "question_id": "abc1_a", "keywords": ["Output Format"], "modified_content": "Print \\"x\\".\\nN ≤ 5", "qa_pairs": [{"question": "How?", "answer": "As is."}]}',
    );
  });

  it('is pythonJson of the record with its fields in public order, for any record', () => {
    fc.assert(
      fc.property(record, (r) => {
        expect(serializeRecord(r)).toBe(reference(r));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('serializeReleaseBytes', () => {
  it('gives the UTF-8 bytes of serializeRelease, for any records (lone surrogates, astral and non-ASCII text included)', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        expect(serializeReleaseBytes(records).equals(Buffer.from(serializeRelease(records), 'utf8'))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('grows past its first guess of the size (texts of many-byte characters, long questions)', () => {
    const long = (i: number): ReleaseRecord => ({
      task_id: `task_${i}`,
      question_id: 'q1',
      keywords: ['Behavior'],
      modified_content: '𝑥≤\n"'.repeat(50 * i),
      qa_pairs: [{ question: '？'.repeat(3000), answer: '\u0001'.repeat(700) }],
    });
    const records = Array.from({ length: 40 }, (_, i) => long(i));
    const bytes = serializeReleaseBytes(records);
    expect(bytes.equals(Buffer.from(serializeRelease(records), 'utf8'))).toBe(true);
    expect(bytes.length).toBeGreaterThan(40 * 512 + 1024 + Math.ceil(1.1 * records.reduce((n, r) => n + r.modified_content.length, 0)));
  });
});
