/** Creating a judge audit: the stratified sample of a stored run's question turns, stored with one event. */
import { transaction, type DB } from '../../../db/database';
import { appendEvent, type Actor } from '../../../db/events';
import { auditRow, insertAudit, runJudge, type NewAuditItem } from '../../../db/judgeAudits';
import { judgeRows, releaseTasks, runRow, type RunRow } from '../../../db/runs';
import { stratifiedSample } from '../../../shared/judgeAudits/sample';
import { judgeTurns, type JudgeTurn } from '../../../shared/runs/judge';
import type { AuditSummary, CreateAuditRequest } from '../../../shared/schemas/judgeAudits';
import { auditErrors } from './errors';
import { auditSummary } from './report';

/** The run's question turns as the lexical judge check scores them (its label and best similarity), with each turn's question. */
function questionTurns(db: DB, run: RunRow): { turn: JudgeTurn; question: string }[] {
  const keys = new Map(releaseTasks(db, run.release_sha256).map((t) => [t.taskId, t.keyQuestions.map((k) => k.question.trim()).filter((q) => q !== '')] as const));
  const records = judgeRows(db, run.id);
  const questions = new Map(records.map((r) => [r.taskId, r.questions]));
  return judgeTurns(records, keys).map((turn) => ({ turn, question: questions.get(turn.taskId)![turn.turn]! }));
}

/** A name a labeller sees must not give the model away. */
function checkName(name: string, model: string): void {
  if (name.toLowerCase().includes(model.toLowerCase())) throw auditErrors.field('name', 'must not contain the model’s name: labellers see the audit’s name and must not know whose run it is');
}

/** Create an audit of the run of `body.model`: `size` turns drawn by the run's label in proportion, from `seed`. */
export function createAudit(db: DB, actor: Actor, body: CreateAuditRequest): AuditSummary {
  checkName(body.name, body.model);
  return transaction(db, () => {
    if (auditRow(db, body.name)) throw auditErrors.nameTaken(body.name);
    const run = runRow(db, body.model);
    if (!run) throw auditErrors.noRun(body.model);
    const turns = questionTurns(db, run);
    if (turns.length === 0) throw auditErrors.noTurns(body.model);
    if (body.size > turns.length) throw auditErrors.field('size', `the run asked ${turns.length} question${turns.length === 1 ? '' : 's'}: the sample can hold at most that many`);
    const picked = stratifiedSample(
      turns.map((t) => t.turn.label),
      body.size,
      body.seed,
    );
    const items: NewAuditItem[] = picked.map((i) => {
      const { turn, question } = turns[i]!;
      return { taskId: turn.taskId, turn: turn.turn, question, runLabel: turn.label, similarity: turn.similarity };
    });
    const judge = runJudge(db, run.id);
    const hits = turns.filter((t) => t.turn.label === 1).length;
    const id = insertAudit(
      db,
      { name: body.name, model: run.model, releaseSha256: run.release_sha256, judge, size: body.size, seed: body.seed, labelers: body.labelers, turns: turns.length, turnsHit: hits, createdBy: actor.id },
      items,
    );
    appendEvent(db, actor, {
      action: 'judge_audit.create',
      entityType: 'judge_audit',
      entityId: body.name,
      after: {
        model: run.model,
        release_sha256: run.release_sha256,
        judge,
        size: body.size,
        seed: body.seed,
        labelers: body.labelers,
        population: { turns: turns.length, hits },
        items: items.map((item) => ({ task: item.taskId, turn: item.turn, run_label: item.runLabel })),
      },
      details: { audit_id: id },
    });
    return auditSummary(db, auditRow(db, body.name)!);
  });
}
