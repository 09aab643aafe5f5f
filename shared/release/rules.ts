import type { ReleaseRecord } from './format';

export type Severity = 'error' | 'warning';

/** Every rule the validator applies; the ones marked error block a release. */
export const RULES = {
  schema: 'error',
  'k-range': 'error',
  'keywords-empty': 'error',
  'keyword-unknown': 'error',
  'keywords-mismatch': 'error',
  'question-empty': 'error',
  'answer-empty': 'error',
  'duplicate-task-id': 'error',
  'duplicate-task': 'error',
  'unknown-question-id': 'error',
  'not-derivable': 'error',
  repair: 'warning',
  rewording: 'warning',
  'keywords-order': 'warning',
  'unknown-field': 'warning',
  'answer-not-from-deletion': 'warning',
  'answer-in-text': 'warning',
  'nothing-deleted': 'warning',
  'question-repeated': 'warning',
} as const satisfies Record<string, Severity>;
export type Rule = keyof typeof RULES;

export interface ReleaseFinding {
  task_id: string;
  rule: Rule;
  severity: Severity;
  message: string;
  /** 1-based line of the record in the file, when it came from a file. */
  line?: number;
}

export interface LineRecord {
  line: number;
  record: ReleaseRecord;
}

export function finding(record: { task_id: string; line?: number }, rule: Rule, message: string): ReleaseFinding {
  const where = record.line === undefined ? '' : `line ${record.line}: `;
  const f: ReleaseFinding = { task_id: record.task_id, rule, severity: RULES[rule], message: `${where}${message}` };
  if (record.line !== undefined) f.line = record.line;
  return f;
}
