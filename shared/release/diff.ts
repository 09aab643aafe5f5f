import { diffWords } from 'diff';
import type { ReleaseRecord } from './format';

/** One stretch of a word-level diff: kept, only in the old release, or only in the new one. */
export interface DiffPart {
  op: 'equal' | 'removed' | 'added';
  value: string;
}

/** A changed field of a task ("modified_content", "keywords", "qa_pairs[1].answer"…) with its word diff. */
export interface FieldDiff {
  field: string;
  before: string;
  after: string;
  parts: DiffPart[];
}

export interface ChangedTask {
  task_id: string;
  question_id: string;
  /** The names of the changed fields, in record order. */
  fields: string[];
  diffs: FieldDiff[];
}

export interface ReleaseDiff {
  added: ReleaseRecord[];
  removed: ReleaseRecord[];
  changed: ChangedTask[];
  unchanged: number;
}

export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((p) => ({ op: p.added ? 'added' : p.removed ? 'removed' : 'equal', value: p.value }));
}

function field(name: string, before: string, after: string): FieldDiff | null {
  return before === after ? null : { field: name, before, after, parts: wordDiff(before, after) };
}

const list = (values: readonly string[]) => values.join(', ');

const provenance = (r: ReleaseRecord) => (r.provenance ? JSON.stringify(r.provenance) : '');

/** The changed fields of one task, in record order; empty when the two records are equal. */
export function taskDiffs(before: ReleaseRecord, after: ReleaseRecord): FieldDiff[] {
  const diffs: (FieldDiff | null)[] = [
    field('question_id', before.question_id, after.question_id),
    field('keywords', list(before.keywords), list(after.keywords)),
    field('modified_content', before.modified_content, after.modified_content),
  ];
  const k = Math.max(before.qa_pairs.length, after.qa_pairs.length);
  for (let i = 0; i < k; i++) {
    const a = before.qa_pairs[i];
    const b = after.qa_pairs[i];
    diffs.push(field(`qa_pairs[${i}].question`, a?.question ?? '', b?.question ?? ''));
    diffs.push(field(`qa_pairs[${i}].answer`, a?.answer ?? '', b?.answer ?? ''));
    // Per-point types exist in extended releases only.
    diffs.push(field(`qa_pairs[${i}].type`, a?.type ?? '', b?.type ?? ''));
  }
  diffs.push(field('provenance', provenance(before), provenance(after)));
  return diffs.filter((d): d is FieldDiff => d !== null);
}

/**
 * Compare two releases task by task, matched by task_id: tasks only in the new release are
 * added, only in the old one removed, and for a task in both every changed field is listed
 * with a word-level diff. Lists keep the order of the release they come from.
 */
export function diffReleases(oldRecords: readonly ReleaseRecord[], newRecords: readonly ReleaseRecord[]): ReleaseDiff {
  const oldById = new Map<string, ReleaseRecord>();
  for (const r of oldRecords) if (!oldById.has(r.task_id)) oldById.set(r.task_id, r);
  const newIds = new Set(newRecords.map((r) => r.task_id));
  const result: ReleaseDiff = { added: [], removed: oldRecords.filter((r) => !newIds.has(r.task_id)), changed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const record of newRecords) {
    if (seen.has(record.task_id)) continue;
    seen.add(record.task_id);
    const before = oldById.get(record.task_id);
    if (!before) {
      result.added.push(record);
      continue;
    }
    const diffs = taskDiffs(before, record);
    if (diffs.length === 0) result.unchanged++;
    else result.changed.push({ task_id: record.task_id, question_id: record.question_id, fields: diffs.map((d) => d.field), diffs });
  }
  return result;
}

/** The diff between two stored releases, as GET /api/release-diff returns it. */
export interface StoredReleaseDiff extends ReleaseDiff {
  old: { name: string; tasks: number };
  new: { name: string; tasks: number };
}
