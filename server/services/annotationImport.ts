import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { transaction, type DB } from '../../db/database';
import { findAnnotationForImport, insertImported, resubmitImported } from '../../db/annotations';
import { insertAssignment, readSlots } from '../../db/assignments';
import { readAnnotationPoints } from '../../db/points';
import { writeAnnotationPoints } from '../../db/annotationDrafts';
import { findProblemText } from '../../db/problems';
import { findUser, insertUser, userExists } from '../../db/users';
import { appendEvent, type Actor } from '../../db/events';
import { validatePoints, type Point } from '../../shared/edits';
import type { AnnotationImportSummary } from '../../shared/schemas/annotationImport';
import type { ImportIssue } from '../../shared/schemas/lcb';
import { hashPassword } from '../auth/passwords';
import { readAnnotationFile, type ParsedAnnotation } from './annotationFile';
import { ImportError } from './lcbFile';
import { Pacer } from '../files/eventLoopPacer';
import { IssueList } from '../files/fileIssues';

/** What the import will do for one line, decided before anything is written. */
interface Step {
  annotation: ParsedAnnotation;
  problemId: number;
  username: string;
  userId: number | null;
  slot: 1 | 2 | null;
  action: 'create' | 'update' | 'unchanged';
  existingId: number | null;
  /** The stored points an update replaces (for its event). */
  before: Point[] | null;
}

const canonical = (points: readonly Point[]) =>
  JSON.stringify(points.map((p) => [p.deletions, p.repairs.map((r) => [r.start, r.end, r.text]), p.question, p.answer, p.type]));

/** Users per problem: who is assigned now, plus who this file adds (the third one is an error). */
class Slots {
  private readonly byProblem = new Map<number, Map<string, 1 | 2>>();
  constructor(private readonly db: DB) {}

  private of(problemId: number): Map<string, 1 | 2> {
    let slots = this.byProblem.get(problemId);
    if (!slots) {
      const rows = readSlots(this.db, problemId);
      slots = new Map(rows.map((r) => [r.username.toLowerCase(), r.slot]));
      this.byProblem.set(problemId, slots);
    }
    return slots;
  }

  /** The existing slot (null when already assigned), a new free slot, or the two holders when full. */
  claim(problemId: number, username: string): { slot: 1 | 2 | null } | { full: string[] } {
    const slots = this.of(problemId);
    if (slots.has(username.toLowerCase())) return { slot: null };
    const taken = new Set(slots.values());
    const free = ([1, 2] as const).find((s) => !taken.has(s));
    if (free === undefined) return { full: [...slots.keys()] };
    slots.set(username.toLowerCase(), free);
    return { slot: free };
  }
}

function planLine(db: DB, a: ParsedAnnotation, slots: Slots, issues: ImportIssue[]): Step | null {
  const at = (field: string, message: string) => issues.push({ line: a.line, field, message });
  const problem = findProblemText(db, a.questionId);
  if (!problem) {
    at('question_id', `there is no problem "${a.questionId}" (import the problems first)`);
    return null;
  }
  const findings = validatePoints(problem.base_text, a.points, 'submit');
  for (const f of findings) at(f.path, f.message);
  const user = findUser(db, a.annotator);
  if (user && user.role !== 'annotator') at('annotator', `${user.username} is a ${user.role}; only annotators can hold annotations`);
  const claim = slots.claim(problem.id, a.annotator);
  if ('full' in claim) at('annotator', `${a.questionId} already has two annotators (${claim.full.join(', ')}); ${a.annotator} would be a third`);
  const existing = user ? findAnnotationForImport(db, problem.id, user.id) : undefined;
  let action: Step['action'] = 'create';
  const before = existing ? readAnnotationPoints(db, existing.id) : null;
  if (existing) {
    if (existing.status === 'submitted' && existing.source === 'import' && canonical(before!) === canonical(a.points)) action = 'unchanged';
    // The gold standard was built from this annotation (accepted or resolved): changing it would leave gold and work apart.
    else if (existing.adjudication === 'resolved') at('annotator', `${user!.username}'s annotation of ${a.questionId} is adjudicated; reopen it first`);
    else if (existing.source === 'import') action = 'update';
    else at('annotator', `${a.annotator} already has an annotation of ${a.questionId} from the editor (${existing.status}); it is not overwritten`);
  }
  if (findings.length > 0 || 'full' in claim) return null;
  return { annotation: a, problemId: problem.id, username: user?.username ?? a.annotator, userId: user?.id ?? null, slot: claim.slot, action, existingId: existing?.id ?? null, before };
}

/** Check every line against the database (read-only), each line's issues reported once. */
function planAll(db: DB, parsed: readonly ParsedAnnotation[], issues: IssueList): Step[] {
  const slots = new Slots(db);
  const steps: Step[] = [];
  for (const a of parsed) {
    const found: ImportIssue[] = [];
    const step = planLine(db, a, slots, found);
    issues.add(found);
    if (step) steps.push(step);
  }
  return steps;
}

/** planAll before the transaction, for the report only: in slices that let other requests through. */
async function planReport(db: DB, parsed: readonly ParsedAnnotation[], issues: IssueList): Promise<void> {
  const slots = new Slots(db);
  const pacer = new Pacer();
  for (const a of parsed) {
    await pacer.step();
    const found: ImportIssue[] = [];
    planLine(db, a, slots, found);
    issues.add(found);
  }
}

function writeAnnotation(db: DB, step: Step, userId: number): void {
  if (step.action === 'update') {
    resubmitImported(db, step.existingId!);
    writeAnnotationPoints(db, step.existingId!, step.annotation.points);
    return;
  }
  writeAnnotationPoints(db, insertImported(db, step.problemId, userId), step.annotation.points);
}

function createAnnotator(db: DB, actor: Actor, username: string, hash: string): number {
  const id = insertUser(db, username, 'annotator', hash);
  appendEvent(db, actor, { action: 'user.create', entityType: 'user', entityId: id, after: { username, role: 'annotator' }, details: { by: 'annotation import', passwordUsable: false } });
  return id;
}

/** Plan every line against the database, then write all of it — or nothing — in one transaction. */
function applyImport(db: DB, actor: Actor, parsed: ParsedAnnotation[], hashes: Map<string, string>, sourceName: string): AnnotationImportSummary {
  return transaction(db, () => {
    const issues = new IssueList();
    const steps = planAll(db, parsed, issues);
    if (!issues.empty) throw ImportError.of(issues);
    const created = new Map<string, number>();
    const summary: AnnotationImportSummary = { total: parsed.length, created: 0, updated: 0, unchanged: 0, assignmentsCreated: 0, usersCreated: [] };
    const changes: { questionId: string; annotator: string; before: Point[] | null; after: Point[] }[] = [];
    for (const step of steps) {
      let userId = step.userId ?? created.get(step.username.toLowerCase());
      if (userId === undefined) {
        userId = createAnnotator(db, actor, step.username, hashes.get(step.username.toLowerCase())!);
        created.set(step.username.toLowerCase(), userId);
        summary.usersCreated.push(step.username);
      }
      if (step.slot !== null) {
        insertAssignment(db, step.problemId, userId, step.slot, actor.id);
        summary.assignmentsCreated++;
      }
      if (step.action !== 'unchanged') {
        writeAnnotation(db, step, userId);
        const after = step.annotation.points.map((p) => ({ deletions: p.deletions, repairs: p.repairs, question: p.question, answer: p.answer, type: p.type }));
        changes.push({ questionId: step.annotation.questionId, annotator: step.username, before: step.action === 'update' ? step.before : null, after });
      }
      summary[step.action === 'create' ? 'created' : step.action === 'update' ? 'updated' : 'unchanged']++;
    }
    if (summary.created + summary.updated + summary.assignmentsCreated + summary.usersCreated.length > 0) {
      appendEvent(db, actor, { action: 'annotation.import', entityType: 'annotation', details: { file: sourceName, ...summary, changes } });
    }
    return summary;
  });
}

/** An unusable password: random, hashed, never shown to anyone. */
async function hashesForNewAnnotators(db: DB, parsed: ParsedAnnotation[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const a of parsed) {
    const key = a.annotator.toLowerCase();
    if (hashes.has(key) || userExists(db, a.annotator)) continue;
    hashes.set(key, await hashPassword(randomBytes(32).toString('base64url')));
  }
  return hashes;
}

/**
 * Import external double annotations (JSONL, one annotation per line) as submitted
 * annotations with source 'import': the same checks as the editor's submit, every bad line
 * reported as "line N: field: message" (the first ones; the rest are counted), all or nothing,
 * and a re-import changes nothing. The lines are checked against the database before the
 * transaction too, in slices, so a bad file is reported without holding up other requests.
 */
export async function importAnnotationsFile(db: DB, actor: Actor, file: string, options: { sourceName?: string } = {}): Promise<AnnotationImportSummary> {
  const { annotations, issues } = await readAnnotationFile(file);
  // The database checks of the well-formed lines are reported too, so one run shows every problem.
  await planReport(db, annotations, issues);
  if (!issues.empty) throw ImportError.of(issues);
  const hashes = await hashesForNewAnnotators(db, annotations);
  return applyImport(db, actor, annotations, hashes, options.sourceName ?? path.basename(file));
}
