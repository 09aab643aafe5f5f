import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { transaction, type DB } from '../../../db/database';
import {
  findReleaseWithFile,
  insertLegacyRelease,
  knownProblems,
  problemWork,
  readAllBaseTexts,
  readProblemFacts,
  removeProblemWork,
  storedTaskIds,
  taskIdOwner,
  writeRecoveredProblem,
  type KnownProblem,
  type ProblemWork,
} from '../../../db/legacyReleases';
import { insertReleaseFile } from '../../../db/releases';
import { appendEvent, type Actor } from '../../../db/events';
import { RELEASE_FILE } from '../../../shared/release/format';
import type { LineRecord } from '../../../shared/release/rules';
import { releaseStats } from '../../../shared/release/stats';
import { validateRelease } from '../../../shared/release/validate';
import { releaseName, type ReleaseManifest } from '../../../shared/schemas/release';
import { validatePoints } from '../../../shared/edits';
import { DomainError, invalid } from '../../domain/errors';
import { manifestTally } from './manifest';
import { parseLegacyRelease } from './legacyFile';
import { recoverProblem, type RecoveredProblem, type RecoveredTask, type TaskKind } from './legacyRecover';
import type { ImportIssue } from '../../../shared/schemas/lcb';
import { ImportError } from '../lcbFile';

export interface LegacyImportOptions {
  /** Release name; by default the file name without its extension. */
  name?: string;
  notes?: string;
  /** Replace submitted annotations' pending adjudication and gold work (recorded in events) instead of refusing. */
  replaceWork?: boolean;
}

export interface ReportedTask {
  taskId: string;
  questionId: string;
  subset: string;
  /** Each repair with its base-text position, the text it replaces and the new text. */
  repairs: { start: number; end: number; before: string; after: string }[];
}

export interface LegacyImportReport {
  release: string;
  /** True when this release (same name, same bytes) was stored by an earlier run. */
  releaseAlreadyStored: boolean;
  tasks: number;
  problems: {
    total: number;
    recovered: number;
    /** Already recovered from this release by an earlier run: left as they are. */
    alreadyImported: string[];
    /** Problems whose work (submitted annotations, gold) --replace-work replaced; events hold what was there. */
    replaced: string[];
    /** Not in the problems table: their tasks live only in the stored release file. */
    notImported: string[];
    unrecoverable: { questionId: string; reason: string }[];
  };
  /** Tasks of problems that are not imported: kept in the release file only. */
  tasksWithoutProblem: number;
  /** Recovered tasks by how their text relates to the base text; `singlePoint` counts K = 1 only. */
  kinds: Record<TaskKind, number>;
  singlePoint: Record<TaskKind, number>;
  repaired: ReportedTask[];
  rewrites: ReportedTask[];
  overrides: { edit: number; rewrite: number };
  exclusions: { questionId: string; subset: string }[];
  /**
   * Recovered points that break the rules the editor enforces on new work (a character
   * deleted by two points, a repair away from its deletions…): the release was made without
   * them. Exports are unaffected; an adjudicator editing the problem will see these findings.
   */
  pointFindings: { questionId: string; findings: string[] }[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function defaultReleaseName(file: string): string {
  const stem = path.basename(file).replace(/\.jsonl$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return (stem || 'legacy').slice(0, 64);
}

function checkName(name: string): string {
  const parsed = releaseName.safeParse(name);
  if (!parsed.success) throw invalid(`name: ${parsed.error.issues[0]?.message ?? 'invalid release name'}`);
  return parsed.data;
}

function byProblem(records: readonly LineRecord[]): Map<string, LineRecord[]> {
  const out = new Map<string, LineRecord[]>();
  for (const entry of records) {
    const list = out.get(entry.record.question_id);
    if (list) list.push(entry);
    else out.set(entry.record.question_id, [entry]);
  }
  return out;
}

function manifestOf(name: string, notes: string, records: readonly LineRecord[], db: DB, jsonl: Buffer, text: string): ReleaseManifest {
  const facts = readProblemFacts(db);
  const stats = releaseStats(
    records.map((r) => r.record),
    facts,
  );
  const problems = readAllBaseTexts(db);
  const report = validateRelease(text, problems.size > 0 ? { problems } : {});
  return {
    name,
    notes,
    policy: 'legacy',
    extended: false,
    continues: null,
    ...manifestTally(stats, report),
    files: [{ path: RELEASE_FILE, bytes: jsonl.length, sha256: sha256(jsonl) }],
  };
}

/** Store the release file itself (kind 'legacy'), or find it stored by an earlier run. */
function storeRelease(db: DB, actor: Actor, name: string, notes: string, records: readonly LineRecord[], jsonl: Buffer): boolean {
  const existing = findReleaseWithFile(db, name, RELEASE_FILE);
  if (existing) {
    if (existing.kind === 'legacy' && existing.sha256 === sha256(jsonl)) return true;
    throw new DomainError('name_taken', `A different release named "${name}" already exists; releases are immutable, choose another --name.`);
  }
  const manifest = manifestOf(name, notes, records, db, jsonl, jsonl.toString('utf8'));
  const releaseId = insertLegacyRelease(db, name, notes, JSON.stringify(manifest), actor.id);
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  for (const [file, content] of [[RELEASE_FILE, jsonl], ['manifest.json', manifestBytes]] as const) {
    insertReleaseFile(db, releaseId, { path: file, content, sha256: sha256(content) });
  }
  return false;
}

/** A problem already recovered from this very release is left alone. */
function alreadyImported(db: DB, problem: KnownProblem, entries: readonly LineRecord[]): boolean {
  if (problem.adjudication === null) return false;
  const stored = storedTaskIds(db, problem.id).map((s) => s.split(' ')[0]).sort();
  const ids = entries.map((e) => e.record.task_id).sort();
  return problem.adjudication === 'legacy' && stored.join() === ids.join();
}

/** The work an import would replace — gold points, kept ids, submitted annotations — as a sentence, or null when there is none. */
function workOn(db: DB, problem: KnownProblem, work: ProblemWork): string | null {
  if (problem.adjudication === 'adjudication') return `already has an adjudicated gold version (${work.adjudication?.status ?? 'draft'})`;
  if (problem.adjudication === 'legacy') return 'already has gold points from another release';
  if (work.submittedAnnotations.length > 0) return `has ${work.submittedAnnotations.length} submitted annotation${work.submittedAnnotations.length > 1 ? 's' : ''}; it waits for adjudication`;
  if (storedTaskIds(db, problem.id).length > 0) return 'already has task ids from another release';
  return null;
}

function emptyKinds(): Record<TaskKind, number> {
  return { pure: 0, repaired: 0, rewrite: 0 };
}

function reported(questionId: string, t: RecoveredTask): ReportedTask {
  return { taskId: t.taskId, questionId, subset: t.subset, repairs: t.repairs.map((r) => ({ start: r.start, end: r.end, before: r.before, after: r.text })) };
}

function tally(report: LegacyImportReport, questionId: string, recovered: RecoveredProblem): void {
  for (const t of recovered.tasks) {
    report.kinds[t.kind]++;
    if (!t.subset.includes(',')) report.singlePoint[t.kind]++;
    if (t.kind === 'repaired') report.repaired.push(reported(questionId, t));
    if (t.kind === 'rewrite') report.rewrites.push(reported(questionId, t));
    if (t.override) report.overrides[t.override.kind]++;
  }
  report.exclusions.push(...recovered.exclusions.map((subset) => ({ questionId, subset })));
}

function checkPoints(report: LegacyImportReport, questionId: string, base: string, recovered: RecoveredProblem): void {
  const findings = validatePoints(base, recovered.points.map((p) => ({ ...p, deletions: [...p.deletions], repairs: [...p.repairs] })), 'submit');
  if (findings.length > 0) report.pointFindings.push({ questionId, findings: findings.map((f) => `${f.path}: ${f.message}`) });
}

function newReport(name: string, tasks: number, problems: number): LegacyImportReport {
  return {
    release: name,
    releaseAlreadyStored: false,
    tasks,
    problems: { total: problems, recovered: 0, alreadyImported: [], replaced: [], notImported: [], unrecoverable: [] },
    tasksWithoutProblem: 0,
    kinds: emptyKinds(),
    singlePoint: emptyKinds(),
    repaired: [],
    rewrites: [],
    overrides: { edit: 0, rewrite: 0 },
    exclusions: [],
    pointFindings: [],
  };
}

/**
 * Import an existing release in one transaction: the file is stored
 * as a 'legacy' release; for every source problem that is imported, its points are recovered
 * from the single-point tasks and every task keeps its id and position, with the overrides
 * that make `export` reproduce it. Re-running with the same file is idempotent; a problem with
 * other work (submitted annotations, gold) makes the whole import refuse unless replaceWork.
 */
export function importLegacyRelease(db: DB, bytes: Buffer, actor: Actor, options: { name: string; notes?: string; replaceWork?: boolean }): LegacyImportReport {
  const name = checkName(options.name);
  const records = parseLegacyRelease(bytes);
  const groups = byProblem(records);
  const positions = new Map(records.map((e, i) => [e.record.task_id, i + 1]));
  return transaction(db, () => {
    const report = newReport(name, records.length, groups.size);
    const known = knownProblems(db, [...groups.keys()]);
    const replace = checkWork(db, groups, known, options.replaceWork === true);
    for (const [questionId, entries] of groups) {
      const problem = known.get(questionId);
      if (!problem) {
        report.problems.notImported.push(questionId);
        report.tasksWithoutProblem += entries.length;
        continue;
      }
      if (alreadyImported(db, problem, entries)) {
        report.problems.alreadyImported.push(questionId);
        continue;
      }
      const replaced = replace.get(questionId);
      if (replaced) {
        removeProblemWork(db, problem.id);
        report.problems.replaced.push(questionId);
      }
      const recovered = recoverProblem(problem.baseText, entries);
      if ('reason' in recovered) {
        report.problems.unrecoverable.push({ questionId, reason: recovered.reason });
        report.tasksWithoutProblem += entries.length;
        continue;
      }
      for (const t of recovered.tasks) {
        const owner = taskIdOwner(db, t.taskId);
        if (owner) throw new DomainError('name_taken', `${t.taskId} (line ${t.line}) is already the id of a task of ${owner.questionId}; nothing was imported.`);
      }
      writeRecoveredProblem(db, actor, problem.id, name, recovered, positions);
      if (replaced) {
        appendEvent(db, actor, {
          action: 'release.import.replace',
          entityType: 'adjudication',
          entityId: questionId,
          before: replaced,
          after: { adjudication: { status: 'resolved', source: 'legacy', release: name }, gold: recovered.points },
        });
      }
      report.problems.recovered++;
      tally(report, questionId, recovered);
      checkPoints(report, questionId, problem.baseText, recovered);
    }
    report.releaseAlreadyStored = storeRelease(db, actor, name, options.notes ?? '', records, bytes);
    appendEvent(db, actor, {
      action: 'release.import',
      entityType: 'release',
      entityId: name,
      details: {
        tasks: report.tasks,
        problems: report.problems,
        kinds: report.kinds,
        overrides: report.overrides,
        rewrites: report.rewrites.map((t) => t.taskId),
        exclusions: report.exclusions,
      },
    });
    return report;
  });
}

/**
 * Problems with work the import would replace (submitted annotations waiting for adjudication,
 * an adjudication, gold or ids from another release): refused line-numbered, or with
 * replaceWork their current state, to be recorded in the replace event.
 */
function checkWork(db: DB, groups: Map<string, LineRecord[]>, known: Map<string, KnownProblem>, replaceWork: boolean): Map<string, ProblemWork> {
  const issues: ImportIssue[] = [];
  const replace = new Map<string, ProblemWork>();
  for (const [questionId, entries] of groups) {
    const problem = known.get(questionId);
    if (!problem || alreadyImported(db, problem, entries)) continue;
    const work = problemWork(db, problem.id);
    const what = workOn(db, problem, work);
    if (what === null) continue;
    if (replaceWork) replace.set(questionId, work);
    else issues.push({ line: entries[0]!.line, field: 'question_id', message: `${questionId} ${what}; import-release never replaces work (--replace-work replaces it, keeping the replaced state in the audit log)` });
  }
  if (issues.length > 0) throw new ImportError(issues);
  return replace;
}

/** importLegacyRelease on a file: its name (without extension) is the default release name. */
export function importLegacyReleaseFile(db: DB, file: string, actor: Actor, options: LegacyImportOptions = {}): LegacyImportReport {
  return importLegacyRelease(db, fs.readFileSync(file), actor, { name: options.name ?? defaultReleaseName(file), notes: options.notes, replaceWork: options.replaceWork });
}
