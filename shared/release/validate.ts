import type { Range } from '../edits';
import { dedupeKeywords } from '../tasks';
import { fieldPath } from '../schemas/fieldPath';
import { loneSurrogateIssue } from '../schemas/wellFormed';
import { isAmbiguityType } from '../taxonomy';
import { provenanceSchema, qaPairSchema, releaseRecordSchema, type QaPair, type ReleaseRecord } from './format';
import { deriveFromBase } from './derivable';
import { deletionWordsMemo, repairChange, reviewWarnings, type DeletionWords } from './warnings';
import { finding, type LineRecord, type ReleaseFinding } from './rules';

export { RULES, type LineRecord, type ReleaseFinding, type Rule, type Severity } from './rules';

export interface ValidationReport {
  tasks: number;
  errors: number;
  warnings: number;
  findings: ReleaseFinding[];
}

export interface ValidateOptions {
  /** Base text by question_id: enables the unknown-problem and derivability rules. */
  problems?: ReadonlyMap<string, string>;
  /**
   * The deletions each record's text is believed to make of its base text, by record
   * (line - 1), as the exporter knows them. Only a speed-up of the derivability rule: a
   * hint is checked against the text, and a wrong or missing one changes no finding.
   */
  deletionHints?: readonly (readonly Range[] | null)[];
}

const KNOWN_FIELDS = new Set(Object.keys(releaseRecordSchema.shape));

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const QA_FIELDS = new Set(Object.keys(qaPairSchema.shape));
const PROVENANCE_FIELDS = new Set(Object.keys(provenanceSchema.shape));
const OVERRIDES = new Set<unknown>(['edit', 'rewrite', null]);
const ADJUDICATIONS = new Set<unknown>(['adjudication', 'legacy']);

const onlyFields = (v: Record<string, unknown>, fields: ReadonlySet<string>) => Object.keys(v).every((k) => fields.has(k) && v[k] !== undefined);

function isQaPair(v: unknown): boolean {
  return isPlainObject(v) && onlyFields(v, QA_FIELDS) && typeof v.question === 'string' && typeof v.answer === 'string' && (v.type === undefined || typeof v.type === 'string');
}

function isProvenance(v: unknown): boolean {
  return (
    isPlainObject(v) &&
    onlyFields(v, PROVENANCE_FIELDS) &&
    Array.isArray(v.subset) &&
    v.subset.every((i) => Number.isSafeInteger(i) && (i as number) >= 0) &&
    isStringArray(v.points) &&
    OVERRIDES.has(v.override) &&
    'override' in v &&
    ADJUDICATIONS.has(v.adjudication)
  );
}

/**
 * The record itself when it is plainly what the schema accepts and would give back unchanged
 * (plain objects holding only known, defined fields of the right types), else null: then the
 * schema decides. The exporter's own records all take this way, sparing the schema's copy of
 * every record; a property test holds the two equal.
 */
export function plainRecord(value: unknown): ReleaseRecord | null {
  if (!isPlainObject(value) || !onlyFields(value, KNOWN_FIELDS)) return null;
  const ok =
    typeof value.task_id === 'string' &&
    value.task_id.length > 0 &&
    typeof value.question_id === 'string' &&
    value.question_id.length > 0 &&
    isStringArray(value.keywords) &&
    typeof value.modified_content === 'string' &&
    Array.isArray(value.qa_pairs) &&
    value.qa_pairs.every(isQaPair) &&
    (value.provenance === undefined || isProvenance(value.provenance));
  return ok ? (value as ReleaseRecord) : null;
}

/** The schema and unknown-field rules on one decoded record: the record, or null when the schema refuses it. */
function checkRecord(value: unknown, line: number, findings: ReleaseFinding[]): LineRecord | null {
  const plain = plainRecord(value);
  if (plain) return { line, record: plain };
  const taskId = (value as { task_id?: unknown } | null)?.task_id;
  const where = { task_id: typeof taskId === 'string' && taskId ? taskId : `line ${line}`, line };
  const parsed = releaseRecordSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) findings.push(finding(where, 'schema', `${fieldPath(issue.path) || '(record)'}: ${issue.message}`));
    return null;
  }
  for (const key of Object.keys(value as object)) {
    if (!KNOWN_FIELDS.has(key)) findings.push(finding(where, 'unknown-field', `${key}: not a release field; consumers ignore it`));
  }
  return { line, record: parsed.data };
}

/** Parse a JSONL release: schema violations become findings with their line numbers. */
export function parseRelease(text: string): { records: LineRecord[]; findings: ReleaseFinding[] } {
  const records: LineRecord[] = [];
  const findings: ReleaseFinding[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, i) => {
    const line = i + 1;
    const place = { task_id: `line ${line}`, line };
    if (raw.trim() === '') return findings.push(finding(place, 'schema', 'empty line; every line must hold one JSON object'));
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      return findings.push(finding(place, 'schema', `not valid JSON (${err instanceof Error ? err.message : String(err)})`));
    }
    const lone = loneSurrogateIssue(value);
    if (lone) return findings.push(finding(place, 'schema', `${lone.path}: ${lone.message}`));
    const entry = checkRecord(value, line, findings);
    if (entry) records.push(entry);
  });
  return { records, findings };
}

/** The rules on one record by itself. */
function recordFindings(entry: LineRecord): ReleaseFinding[] {
  const { record } = entry;
  const at = { task_id: record.task_id, line: entry.line };
  const out: ReleaseFinding[] = [];
  const k = record.qa_pairs.length;
  if (k < 1 || k > 3) out.push(finding(at, 'k-range', `qa_pairs: K = ${k}; a task has 1 to 3 ambiguity points`));
  record.qa_pairs.forEach((qa, i) => {
    if (qa.question.trim() === '') out.push(finding(at, 'question-empty', `qa_pairs[${i}].question: empty`));
    if (qa.answer.trim() === '') out.push(finding(at, 'answer-empty', `qa_pairs[${i}].answer: empty`));
  });
  if (record.keywords.length === 0) out.push(finding(at, 'keywords-empty', 'keywords: none; a task needs the types of its points'));
  record.keywords.forEach((kw, i) => {
    if (kw.trim() === '') out.push(finding(at, 'keywords-empty', `keywords[${i}]: empty keyword`));
    else if (!isAmbiguityType(kw)) out.push(finding(at, 'keyword-unknown', `keywords[${i}]: "${kw}" is not one of the 11 ambiguity types`));
  });
  out.push(...keywordAgreement(entry));
  return out;
}

const sameStrings = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Keywords are the de-duplicated point types, in point order (or, without per-point types, at most one per point). */
function keywordAgreement({ record, line }: LineRecord): ReleaseFinding[] {
  const at = { task_id: record.task_id, line };
  const out: ReleaseFinding[] = [];
  const repeated = record.keywords.filter((kw, i) => record.keywords.indexOf(kw) !== i);
  if (repeated.length) out.push(finding(at, 'keywords-mismatch', `keywords: "${repeated[0]}" appears more than once; keywords are de-duplicated`));
  const types = record.qa_pairs.map((qa) => qa.type);
  if (types.length > 0 && types.every((t) => t !== undefined)) {
    types.forEach((t, i) => {
      if (!isAmbiguityType(t)) out.push(finding(at, 'keyword-unknown', `qa_pairs[${i}].type: "${t}" is not one of the 11 ambiguity types`));
    });
    const expected = dedupeKeywords(types as string[]);
    const sameSet = expected.length === new Set(record.keywords).size && expected.every((t) => record.keywords.includes(t));
    if (!sameSet) out.push(finding(at, 'keywords-mismatch', `keywords: ${JSON.stringify(record.keywords)} but the points' types give ${JSON.stringify(expected)}`));
    // Consumers read keywords as a set; another order is worth a look but not wrong.
    else if (!repeated.length && !sameStrings(expected, record.keywords)) {
      out.push(finding(at, 'keywords-order', `keywords: ${JSON.stringify(record.keywords)} are not in point order ${JSON.stringify(expected)}`));
    }
  } else if (types.some((t) => t !== undefined)) {
    out.push(finding(at, 'schema', 'qa_pairs: some points have a type and some do not'));
  } else if (record.keywords.length > record.qa_pairs.length && record.qa_pairs.length > 0) {
    out.push(finding(at, 'keywords-mismatch', `keywords: ${record.keywords.length} keywords for ${record.qa_pairs.length} point(s); each point has one type`));
  }
  return out;
}

/** Past this many texts for one problem and question list, they are looked up by map. */
const FEW_TEXTS = 8;

/**
 * The first task id of each text among records with the same problem and questions. Such
 * records are few (a generated task differs from the others of its problem in its
 * questions), so texts are compared one by one, sparing the hashing of every long text;
 * a group that grows large (as in a file of copies) switches to a map. (Classes rather
 * than closures: one is made per problem and question list.)
 */
class TaskTexts {
  private list: { text: string; taskId: string }[] = [];
  private map: Map<string, string> | null = null;

  first(text: string): string | undefined {
    if (this.map) return this.map.get(text);
    for (const t of this.list) if (t.text === text) return t.taskId;
    return undefined;
  }

  add(text: string, taskId: string): void {
    if (this.map) this.map.set(text, taskId);
    else if (this.list.push({ text, taskId }) > FEW_TEXTS) this.map = new Map(this.list.map((t) => [t.text, t.taskId]));
  }
}

function sameQuestions(a: readonly string[], b: readonly QaPair[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]!.question) return false;
  return true;
}

/** length-prefixed: one key per question list */
const questionsKey = (questions: readonly string[]) => questions.map((q) => `${q.length}:${q}`).join('');

/**
 * The texts of each question list among the records of one problem. A problem has a few
 * tasks, so lists are compared one by one, sparing a joined key per record; a problem
 * with many lists (as in a file of copies) switches to a map by joined key.
 */
class QuestionGroups {
  private list: { questions: string[]; texts: TaskTexts }[] = [];
  private map: Map<string, TaskTexts> | null = null;

  texts(pairs: readonly QaPair[]): TaskTexts {
    if (this.map) {
      const k = questionsKey(pairs.map((qa) => qa.question));
      let texts = this.map.get(k);
      if (!texts) this.map.set(k, (texts = new TaskTexts()));
      return texts;
    }
    for (const g of this.list) if (sameQuestions(g.questions, pairs)) return g.texts;
    const texts = new TaskTexts();
    if (this.list.push({ questions: pairs.map((qa) => qa.question), texts }) > FEW_TEXTS) this.map = new Map(this.list.map((g) => [questionsKey(g.questions), g.texts]));
    return texts;
  }
}

/** Rules across records: ids and tasks must be unique. */
function crossFindings(entries: readonly LineRecord[]): ReleaseFinding[] {
  const out: ReleaseFinding[] = [];
  const ids = new Map<string, number>();
  const tasks = new Map<string, QuestionGroups>();
  for (const { record, line } of entries) {
    const at = { task_id: record.task_id, line };
    const firstLine = ids.get(record.task_id);
    if (firstLine !== undefined) out.push(finding(at, 'duplicate-task-id', `task_id: "${record.task_id}" is already used on line ${firstLine}`));
    else ids.set(record.task_id, line);
    let groups = tasks.get(record.question_id);
    if (!groups) tasks.set(record.question_id, (groups = new QuestionGroups()));
    const texts = groups.texts(record.qa_pairs);
    const same = texts.first(record.modified_content);
    if (same !== undefined) out.push(finding(at, 'duplicate-task', `same problem, text and questions as ${same}`));
    else texts.add(record.modified_content, record.task_id);
  }
  return out;
}

/** With the source problems: the problem must exist and the text must come from its base text. */
function problemFindings(entry: LineRecord, problems: ReadonlyMap<string, string>, words: DeletionWords, hint: readonly Range[] | null | undefined): ReleaseFinding[] {
  const { record } = entry;
  const at = { task_id: record.task_id, line: entry.line };
  const base = problems.get(record.question_id);
  if (base === undefined) return [finding(at, 'unknown-question-id', `question_id: "${record.question_id}" is not among the source problems`)];
  const derivation = deriveFromBase(base, record.modified_content, hint);
  const out: ReleaseFinding[] = derivation.repairs.map((r) =>
    finding(at, r.kind, `modified_content: at offset ${r.textAt} (base offset ${r.baseAt}) ${repairChange(r.before, r.after)}`),
  );
  for (const bad of derivation.unexplained) {
    out.push(finding(at, 'not-derivable', `modified_content: inserts ${JSON.stringify(bad.text)} at offset ${bad.textAt}, which is neither a deletion nor a small repair of the base text`));
  }
  out.push(...reviewWarnings.forDerivation(entry, base, derivation.deleted, words));
  return out;
}

/** Every rule on parsed records. The exporter and the `validate` command both end here. */
export function validateRecords(entries: readonly LineRecord[], options: ValidateOptions = {}): ReleaseFinding[] {
  const out: ReleaseFinding[] = [];
  const words = deletionWordsMemo();
  for (const entry of entries) {
    out.push(...recordFindings(entry));
    if (options.problems) out.push(...problemFindings(entry, options.problems, words, options.deletionHints?.[entry.line - 1]));
  }
  out.push(...crossFindings(entries));
  out.push(...reviewWarnings.acrossRecords(entries));
  return out;
}

export function report(tasks: number, findings: ReleaseFinding[]): ValidationReport {
  const sorted = [...findings].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const errors = sorted.filter((f) => f.severity === 'error').length;
  return { tasks, errors, warnings: sorted.length - errors, findings: sorted };
}

function fileReport(parsed: { records: LineRecord[]; findings: ReleaseFinding[] }, options: ValidateOptions): ValidationReport {
  const tasks = parsed.records.length + new Set(parsed.findings.filter((f) => f.rule === 'schema').map((f) => f.line)).size;
  return report(tasks, [...parsed.findings, ...validateRecords(parsed.records, options)]);
}

/** Validate a JSONL release file's text. */
export function validateRelease(text: string, options: ValidateOptions = {}): ValidationReport {
  return fileReport(parseRelease(text), options);
}

/**
 * Validate the records of a release file about to be written by `serializeRelease`, as
 * `validateRelease` would validate the file, without parsing it back: that writes record i
 * as line i + 1 and JSON reads back exactly what it wrote, so every rule, the schema
 * included, sees the same records (a test holds the two reports equal).
 */
export function validateReleaseRecords(records: readonly unknown[], options: ValidateOptions = {}): ValidationReport {
  const parsed = { records: [] as LineRecord[], findings: [] as ReleaseFinding[] };
  records.forEach((value, i) => {
    const entry = checkRecord(value, i + 1, parsed.findings);
    if (entry) parsed.records.push(entry);
  });
  return fileReport(parsed, options);
}
