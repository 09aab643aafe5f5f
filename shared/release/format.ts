import { z } from 'zod';

/** The release file every consumer reads: one record per line (docs/releases.md, "Format"). */
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

const json = JSON.stringify;

function stringList(values: readonly string[]): string {
  let out = '[';
  for (let i = 0; i < values.length; i++) out += `${i ? ', ' : ''}${json(values[i])}`;
  return `${out}]`;
}

function qaList(pairs: readonly QaPair[]): string {
  let out = '[';
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    out += `${i ? ', ' : ''}{"question": ${json(p.question)}, "answer": ${json(p.answer)}${p.type === undefined ? '' : `, "type": ${json(p.type)}`}}`;
  }
  return `${out}]`;
}

/** A record's line up to its text, and from after its text to the end (without the LF). */
function recordHead(record: ReleaseRecord): string {
  return `{"task_id": ${json(record.task_id)}, "question_id": ${json(record.question_id)}, "keywords": ${stringList(record.keywords)}, "modified_content": `;
}

function recordTail(record: ReleaseRecord): string {
  const p = record.provenance;
  const provenance = p ? `, "provenance": ${pythonJson({ subset: p.subset, points: p.points, override: p.override, adjudication: p.adjudication })}` : '';
  return `, "qa_pairs": ${qaList(record.qa_pairs)}${provenance}}`;
}

/**
 * One record as one line: the public fields in public order, then the extended fields if
 * present. This is `pythonJson` of the record written out field by field (the file's bulk,
 * so it skips building and walking an object per record); a property test holds the two equal.
 */
export function serializeRecord(record: ReleaseRecord): string {
  return `${recordHead(record)}${json(record.modified_content)}${recordTail(record)}`;
}

/** The whole JSONL file: one record per line, each line ending in LF. */
export function serializeRelease(records: readonly ReleaseRecord[]): string {
  let out = '';
  for (const record of records) out += `${serializeRecord(record)}\n`;
  return out;
}

/**
 * `serializeRelease(records)` in pieces, each handed to `emit` in file order: the file as one
 * string would only be built to be flattened, encoded and copied again. Every piece is whole
 * JSON or ASCII punctuation (JSON escapes lone surrogates), so encoding the pieces one by one
 * gives the same bytes as encoding the whole text; a property test holds them equal.
 */
export function emitRelease(records: readonly ReleaseRecord[], emit: (piece: string) => void): void {
  let between = ''; // the end of one line and the start of the next, emitted as one piece
  for (const record of records) {
    emit(`${between}${recordHead(record)}`);
    emit(json(record.modified_content));
    between = `${recordTail(record)}\n`;
  }
  emit(between);
}
