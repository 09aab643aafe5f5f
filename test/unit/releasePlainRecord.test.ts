import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { releaseRecordSchema } from '../../shared/release/format';
import { plainRecord, validateRelease, validateReleaseRecords } from '../../shared/release/validate';

// plainRecord lets the exporter's own records skip the schema's copy; it must only ever say
// yes where the schema accepts the value and gives back an equal record.
const anyValue = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: arb }, { weight: 1, arbitrary: anyValue });

const qa = fc.record(
  { question: maybe(fc.string()), answer: maybe(fc.string()), type: maybe(fc.constantFrom('Units', 'Behavior', 'made up')), extra: anyValue },
  { requiredKeys: [] },
);
const provenance = fc.record(
  {
    subset: maybe(fc.array(fc.oneof(fc.nat(5), fc.integer({ min: -2, max: 2 }), fc.double(), fc.constant(2 ** 60)), { maxLength: 3 })),
    points: maybe(fc.array(maybe(fc.constantFrom('A', 'B', 'new')), { maxLength: 3 })),
    override: maybe(fc.constantFrom('edit', 'rewrite', null, 'other')),
    adjudication: maybe(fc.constantFrom('adjudication', 'legacy', 'other')),
    extra: anyValue,
  },
  { requiredKeys: ['subset', 'points', 'override', 'adjudication'] },
);
const record = fc.record(
  {
    task_id: maybe(fc.constantFrom('task_1', '', 'task_2')),
    question_id: maybe(fc.constantFrom('abc001_a', '')),
    keywords: maybe(fc.array(maybe(fc.constantFrom('Units', 'Behavior', '')), { maxLength: 3 })),
    modified_content: maybe(fc.string()),
    qa_pairs: maybe(fc.array(maybe(qa), { maxLength: 3 })),
    provenance: maybe(provenance),
    extra: anyValue,
  },
  { requiredKeys: ['task_id', 'question_id', 'keywords', 'modified_content', 'qa_pairs'] },
);

describe('plainRecord (the schema without its copy)', () => {
  it('accepts only what the schema accepts, and the schema gives back an equal record', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(record, anyValue), (value) => {
        const plain = plainRecord(value);
        const parsed = releaseRecordSchema.safeParse(value);
        if (plain === null) return;
        accepted++;
        expect(plain).toBe(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toStrictEqual(plain);
      }),
      // Valid records are rare among the random ones (each field may be anything): two known-good
      // ones run first, so the accepting side is exercised on every run, not by luck of the seed.
      {
        numRuns: 5000,
        examples: [
          [{ task_id: 'task_1', question_id: 'abc001_a', keywords: ['Units'], modified_content: 'x', qa_pairs: [{ question: 'q', answer: 'a', type: 'Units' }] }],
          [{ task_id: 'task_2', question_id: 'abc001_a', keywords: [], modified_content: '', qa_pairs: [{ question: 'q', answer: 'a', type: 'Behavior' }], provenance: { subset: [0], points: ['A'], override: null, adjudication: 'adjudication' } }],
        ],
      },
    );
    expect(accepted).toBeGreaterThan(0); // the property above was really exercised
  });

  it('accepts the records an exporter writes, public and extended', () => {
    const base = { task_id: 'task_1', question_id: 'abc001_a', keywords: ['Units'], modified_content: 'Print it.', qa_pairs: [{ question: 'Q?', answer: 'A' }] };
    expect(plainRecord(base)).toBe(base);
    const extended = { ...base, qa_pairs: [{ question: 'Q?', answer: 'A', type: 'Units' }], provenance: { subset: [0], points: ['A'], override: null, adjudication: 'adjudication' } };
    expect(plainRecord(extended)).toBe(extended);
    // Anything else goes to the schema.
    expect(plainRecord({ ...base, extra: 1 })).toBeNull();
    expect(plainRecord({ ...base, provenance: undefined })).toBeNull();
    expect(plainRecord({ ...base, task_id: '' })).toBeNull();
    expect(plainRecord({ ...base, qa_pairs: [{ question: 'Q?', answer: 'A', note: 'x' }] })).toBeNull();
    expect(plainRecord(Object.assign(Object.create({ inherited: true }) as object, base))).toBeNull();
  });

  it('gives the same report on records as on the file they are written to', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (values) => {
        // JSON drops undefined and keeps what a file can hold: the same values the file would give back.
        const decoded = values.map((v) => JSON.parse(JSON.stringify(v)) as unknown);
        const text = decoded.map((v) => JSON.stringify(v)).join('\n') + '\n';
        expect(validateReleaseRecords(decoded)).toEqual(validateRelease(text));
      }),
      { numRuns: 500 },
    );
  });
});
