import { diffChars, diffWordsWithSpace } from 'diff';
import { normalizeWhitespace } from './crossCheck';
import { checkDeletionOnly, isTinyRepair, mergeRanges, MAX_REPAIR_LENGTH, validatePoints, type Finding, type Point, type Repair } from './edits';
import {
  CHECKLIST_LABELS,
  GOLD_FIELDS,
  type Checklist,
  type FieldSource,
  type GoldField,
  type GoldPoint,
  type Provenance,
  type Sources,
} from './schemas/adjudication';

function sameField(field: GoldField, x: Point, y: Point): boolean {
  switch (field) {
    case 'span': {
      const repairs = (p: Point) => JSON.stringify([...p.repairs].sort((r, s) => r.start - s.start || r.end - s.end).map((r) => [r.start, r.end, r.text]));
      return JSON.stringify(mergeRanges(x.deletions)) === JSON.stringify(mergeRanges(y.deletions)) && repairs(x) === repairs(y);
    }
    case 'question':
      return normalizeWhitespace(x.question) === normalizeWhitespace(y.question);
    case 'answer':
      return normalizeWhitespace(x.answer) === normalizeWhitespace(y.answer);
    case 'type':
      return x.type === y.type;
  }
}

/** True when a point is exactly a stored legacy point (span, type and the exact wording, which exports verbatim). */
export function isUnchangedLegacy(point: Point, legacy: readonly Point[]): boolean {
  return legacy.some((l) => sameField('span', point, l) && point.type === l.type && point.question === l.question && point.answer === l.answer);
}

/**
 * Which side each field of a gold point came from, and the point's provenance, derived from its
 * content and the annotators' points it names in `sources.from` (the server never trusts labels).
 * A point identical to one of the stored `legacy` points (recovered by import-release) stays
 * 'legacy'; once changed, the usual rules make it 'new' or 'merged'.
 */
export function deriveProvenance(
  point: Point,
  from: Sources['from'],
  pointsA: readonly Point[],
  pointsB: readonly Point[],
  legacy: readonly Point[] = [],
): { provenance: Provenance; sources: Sources } {
  if (isUnchangedLegacy(point, legacy)) return { provenance: 'legacy', sources: { from: { a: null, b: null } } };
  const a = from.a === null ? undefined : pointsA[from.a];
  const b = from.b === null ? undefined : pointsB[from.b];
  const sources: Sources = { from: { a: a ? from.a : null, b: b ? from.b : null } };
  const seen: FieldSource[] = [];
  for (const field of GOLD_FIELDS) {
    const eqA = a !== undefined && sameField(field, point, a);
    const eqB = b !== undefined && sameField(field, point, b);
    const source: FieldSource = eqA && eqB ? 'both' : eqA ? 'A' : eqB ? 'B' : 'edited';
    sources[field] = source;
    seen.push(source);
  }
  let provenance: Provenance;
  if (!a && !b) provenance = 'new';
  else if (seen.every((s) => s === 'edited')) provenance = 'new';
  else if (seen.every((s) => s === 'A' || s === 'both')) provenance = 'A';
  else if (seen.every((s) => s === 'B' || s === 'both')) provenance = 'B';
  else provenance = 'merged';
  return { provenance, sources };
}

/** The stored points a gold set keeps as 'legacy' while they stay unchanged. */
export const legacyPoints = <P extends Pick<GoldPoint, 'provenance'>>(points: readonly P[]): P[] => points.filter((p) => p.provenance === 'legacy');

/** The fields in which a gold point overrides both annotators (empty when every field is A's or B's). */
export function overriddenFields(point: Pick<GoldPoint, 'provenance' | 'sources'>): GoldField[] {
  if (point.provenance === 'legacy') return [];
  if (point.provenance === 'new') return [...GOLD_FIELDS];
  return GOLD_FIELDS.filter((f) => point.sources[f] === 'edited');
}

const CHECKLIST_KEYS = Object.keys(CHECKLIST_LABELS) as (keyof Checklist)[];

/** Indexes of the points a finding names in its path or message ("points[1].deletions[0]"). */
function pointsNamed(finding: Finding): number[] {
  return [...`${finding.path} ${finding.message}`.matchAll(/points\[(\d+)\]/g)].map((m) => Number(m[1]));
}

/**
 * Split rule findings into those that concern unchanged legacy points only (the release was
 * made with them: shown, but they block neither saving nor resolving) and the blocking rest.
 * A finding that also names a changed point blocks, so edits cannot hide behind legacy ones.
 */
export function splitLegacyFindings(findings: readonly Finding[], points: readonly Pick<GoldPoint, 'provenance'>[]): { blocking: Finding[]; inherited: Finding[] } {
  const blocking: Finding[] = [];
  const inherited: Finding[] = [];
  for (const f of findings) {
    const named = pointsNamed(f);
    const legacyOnly = named.length > 0 && named.every((i) => points[i]?.provenance === 'legacy');
    (legacyOnly ? inherited : blocking).push(f);
  }
  return { blocking, inherited };
}

/** Editor-rule findings on unchanged legacy points: shown to the adjudicator as warnings. */
export function inheritedFindings(base: string, points: readonly GoldPoint[]): Finding[] {
  return splitLegacyFindings(validatePoints(base, points, 'submit'), points).inherited;
}

/**
 * What keeps a gold point set from being resolved: the submit rules of the editor (1–3 valid,
 * complete, deletion-only points; unchanged legacy points are exempt), a complete checklist on
 * every point, and a note on every point that overrides both annotators.
 */
export function resolveFindings(base: string, points: readonly GoldPoint[]): Finding[] {
  const findings = splitLegacyFindings(validatePoints(base, points, 'submit'), points).blocking;
  points.forEach((point, p) => {
    for (const key of CHECKLIST_KEYS) {
      if (!point.checklist[key]) findings.push({ path: `points[${p}].checklist`, message: `${CHECKLIST_LABELS[key]} not checked` });
    }
    const overridden = overriddenFields(point);
    if (overridden.length > 0 && point.note.trim() === '') {
      const what = point.provenance === 'new' ? 'it is a new point' : `${overridden.join(', ')} edited`;
      findings.push({ path: `points[${p}].note`, message: `a note is required when overriding both annotators (${what})` });
    }
  });
  return findings;
}

export interface OverrideTextCheck {
  /** Tiny repairs found in the text: stored and flagged for review. */
  repairs: Repair[];
  /** Changes that are neither deletions nor tiny repairs, with their span in the base text. */
  findings: Finding[];
}

/** Letter-case repairs where a common run differs from the base text only in case (≤ 3 characters each). */
function caseRepairs(baseRun: string, textRun: string, start: number): Repair[] {
  const repairs: Repair[] = [];
  let i = 0;
  while (i < textRun.length) {
    if (baseRun[i] === textRun[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < textRun.length && j - i < MAX_REPAIR_LENGTH && baseRun[j] !== textRun[j]) j++;
    repairs.push({ start: start + i, end: start + j, text: textRun.slice(i, j) });
    i = j;
  }
  return repairs;
}

/** Explain one changed block (base text `removed` at `start` became `added`) as deletions plus tiny repairs. */
function explainBlock(removed: string, added: string, start: number): Repair[] | null {
  if (added === '') return [];
  if (isTinyRepair('', added)) return [{ start: start + removed.length, end: start + removed.length, text: added }];
  const repairs: Repair[] = [];
  let at = start;
  let pending = '';
  for (const part of diffChars(removed, added)) {
    if (part.removed) {
      pending = part.value;
      at += part.value.length;
      continue;
    }
    if (part.added) {
      const tail = pending.slice(-MAX_REPAIR_LENGTH);
      if (isTinyRepair('', part.value)) repairs.push({ start: at, end: at, text: part.value });
      else if (tail && isTinyRepair(tail, part.value)) repairs.push({ start: at - tail.length, end: at, text: part.value });
      else return null;
    } else at += part.value.length;
    pending = '';
  }
  return repairs;
}

/**
 * Check a hand-written task text against the base text: it must be the base text with
 * deletions plus tiny repairs (punctuation, line breaks, letter case). The texts are compared
 * word by word, ignoring case (case changes become repairs); each changed block must be explained by deletions and tiny repairs. Repairs are
 * reported so they can be stored flagged; anything else is a finding naming the offending span.
 */
export function checkOverrideText(base: string, text: string): OverrideTextCheck {
  const repairs: Repair[] = [];
  const findings: Finding[] = [];
  let at = 0;
  let removed = '';
  let added = '';
  let blockStart = 0;
  const flush = () => {
    const explained = explainBlock(removed, added, blockStart);
    if (explained) repairs.push(...explained);
    else {
      findings.push({
        path: 'text',
        message: `${removed ? `replacing ${JSON.stringify(removed)} with` : 'inserting'} ${JSON.stringify(added)} at offset ${blockStart} is not deletion-only: only deletions and tiny repairs (punctuation, a line break, letter case) are allowed`,
        span: [blockStart, blockStart + removed.length],
      });
    }
    removed = '';
    added = '';
  };
  // Case-insensitive, so "print" → "Print" at a new sentence start is a common word plus a case repair.
  for (const part of diffWordsWithSpace(base, text, { ignoreCase: true })) {
    if (!part.added && !part.removed) {
      flush();
      repairs.push(...caseRepairs(base.slice(at, at + part.value.length), part.value, at));
      at += part.value.length;
      blockStart = at;
    } else if (part.removed) {
      removed += part.value;
      at += part.value.length;
    } else added += part.value;
  }
  flush();
  if (findings.length === 0 && !checkDeletionOnly(base, text, repairs).ok) {
    findings.push({ path: 'text', message: 'the text cannot be derived from the base text by deletions and tiny repairs' });
  }
  return { repairs, findings };
}

/** Questions of an override: one non-empty question per point of the task. */
export function checkOverrideQuestions(questions: readonly string[], subsetSize: number): Finding[] {
  const findings: Finding[] = [];
  if (questions.length !== subsetSize) {
    findings.push({ path: 'questions', message: `give one question per point of the task (${subsetSize}, got ${questions.length})` });
  }
  questions.forEach((q, i) => {
    if (q.trim() === '') findings.push({ path: `questions[${i}]`, message: 'the question must not be empty' });
  });
  return findings;
}
