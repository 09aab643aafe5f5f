import { z } from 'zod';

/** The release file every consumer reads: one record per line (GUIDE §2, issue 5). */
export const RELEASE_FILE = 'ClarifyCodeBench.jsonl';

/** The five public fields, in the order the public release writes them. */
export const PUBLIC_FIELDS = ['task_id', 'question_id', 'keywords', 'modified_content', 'qa_pairs'] as const;
/** Fields an extended (--extended) release may add. */
export const EXTENDED_FIELDS = ['provenance'] as const;

export const qaPairSchema = z.object({
  question: z.string(),
  answer: z.string(),
  /** Only in extended releases: the ambiguity type of this point. */
  type: z.string().optional(),
});

export const provenanceSchema = z.object({
  subset: z.array(z.number().int().min(0)),
  points: z.array(z.string()),
  override: z.enum(['edit', 'rewrite']).nullable(),
  adjudication: z.enum(['adjudication', 'legacy']),
});

/**
 * A release record as read from any file. K (the qa_pairs length), keyword contents and
 * emptiness are checked by the validation rules, so a bad record is reported by rule
 * rather than as a bare schema error.
 */
export const releaseRecordSchema = z.object({
  task_id: z.string().min(1, 'must be a non-empty string'),
  question_id: z.string().min(1, 'must be a non-empty string'),
  keywords: z.array(z.string()),
  modified_content: z.string(),
  qa_pairs: z.array(qaPairSchema),
  provenance: provenanceSchema.optional(),
});

export type QaPair = z.infer<typeof qaPairSchema>;
export type Provenance = z.infer<typeof provenanceSchema>;
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

/**
 * JSON the way the public release was written (Python's json.dumps with ensure_ascii=False):
 * ", " between items, ": " after keys, non-ASCII kept as is. JSON.stringify escapes strings
 * exactly as Python does in that mode, so only the separators need writing by hand.
 */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** One record as one line: the public fields in public order, then the extended fields if present. */
export function serializeRecord(record: ReleaseRecord): string {
  const qa = record.qa_pairs.map((p) => (p.type === undefined ? { question: p.question, answer: p.answer } : { question: p.question, answer: p.answer, type: p.type }));
  const ordered: Record<string, unknown> = {
    task_id: record.task_id,
    question_id: record.question_id,
    keywords: record.keywords,
    modified_content: record.modified_content,
    qa_pairs: qa,
  };
  if (record.provenance) {
    const p = record.provenance;
    ordered.provenance = { subset: p.subset, points: p.points, override: p.override, adjudication: p.adjudication };
  }
  return pythonJson(ordered);
}

/** The whole JSONL file: one record per line, each line ending in LF. */
export function serializeRelease(records: readonly ReleaseRecord[]): string {
  return records.map((r) => `${serializeRecord(r)}\n`).join('');
}
