/** `runs audit create` and `runs audit report`: a human audit of a run's judge from the command line. */
import { CLI_ACTOR } from '../../../db/events';
import { auditName, createAuditBody, type AuditAgreement, type AuditReport } from '../../../shared/schemas/judgeAudits';
import { createAudit } from '../../services/judgeAudits/create';
import { auditReport } from '../../services/judgeAudits/report';
import { CliError, dbOption, parse, withDb, type Command } from '../command';

const num = (v: number | null, digits = 3) => (v === null ? '—' : v.toFixed(digits));
const interval = ([low, high]: [number | null, number | null]) => `[${num(low)}, ${num(high)}]`;

function whole(flag: string, value: string | undefined): number {
  if (value === undefined) throw new CliError(`--${flag} is required`, 2);
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) throw new CliError(`--${flag}: must be a whole number`, 2);
  return n;
}

function agreementLine(label: string, a: AuditAgreement): string {
  const c = a.confusion;
  return `${label}: n ${a.n} (${a.pairs} label pairs), accuracy ${num(a.accuracy)}, kappa ${num(a.kappa)} ${interval(a.kappa_ci)}; tp ${c.tp}, fn ${c.fn}, fp ${c.fp}, tn ${c.tn}`;
}

export function formatAuditReport(r: AuditReport): string {
  const lines = [
    `judge audit ${r.name} of ${r.model} (judge ${r.judge}): ${r.size} question turns of ${r.population.turns} (${r.sampled.hits} the run labelled a hit), seed ${r.seed}, ${r.labelers} labeller${r.labelers === 1 ? '' : 's'} per item`,
    `progress: ${r.progress.labels}/${r.progress.needed} labels, ${r.progress.complete}/${r.size} items complete`,
    `humans vs the run's labels: n ${r.n}, accuracy ${num(r.accuracy)}, Cohen's kappa ${num(r.kappa)}, 95% bootstrap interval ${interval(r.kappa_ci)} (${r.bootstrap.draws} draws, seed ${r.bootstrap.seed})`,
    `confusion (human = reference): both hit ${r.confusion.tp}, human hit / run miss ${r.confusion.fn}, human miss / run hit ${r.confusion.fp}, both miss ${r.confusion.tn}`,
    r.human_human ? `${agreementLine('human vs human', r.human_human)}; same key question ${num(r.human_human.same_key_question)}` : 'human vs human: no item has two labels',
    agreementLine(`lexical check (threshold ${r.lexical.threshold.toFixed(2)}) vs humans`, r.lexical),
  ];
  if (r.disagreements.length > 0) {
    lines.push('', `${r.disagreements.length} item(s) where a human and the run disagree:`);
    for (const d of r.disagreements) {
      const humans = d.humans.map((h) => (h === null ? 'none' : `key question ${h + 1}`)).join(' / ');
      lines.push(`  ${d.kind.padEnd(9)} ${d.taskId} turn ${d.turn + 1}: run ${d.run ? 'hit' : 'miss'}, human ${humans}: ${JSON.stringify(d.question)}  ${d.href}`);
    }
  }
  return lines.join('\n');
}

export const runsAuditCreateCommand: Command = {
  name: 'runs audit create',
  usage: '--model NAME --size N --seed S --name AUDIT [--labelers 1|2] [--json] [--db PATH]',
  summary: "Draw a human audit of a run's judge: N of its question turns, stratified by the run's label, each for 1 or 2 adjudicators to label blind.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, model: { type: 'string' }, size: { type: 'string' }, seed: { type: 'string' }, name: { type: 'string' }, labelers: { type: 'string' }, json: { type: 'boolean' } }, false);
    if (values.model === undefined) throw new CliError('give the model: --model NAME', 2);
    if (values.name === undefined) throw new CliError('name the audit: --name AUDIT', 2);
    const parsed = createAuditBody.safeParse({
      name: values.name,
      model: values.model,
      size: whole('size', values.size),
      seed: whole('seed', values.seed),
      labelers: values.labelers === undefined ? undefined : whole('labelers', values.labelers),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CliError(`--${String(issue.path[0] ?? 'name')}: ${issue.message}`, 2);
    }
    return withDb(values.db, { mustExist: true }, (db) => {
      const audit = createAudit(db, CLI_ACTOR, parsed.data);
      if (values.json) print(JSON.stringify(audit, null, 2));
      else print(`created judge audit ${audit.name} of ${audit.model} (judge ${audit.judge}): ${audit.size} question turns, ${audit.labelers} labeller${audit.labelers === 1 ? '' : 's'} per item; adjudicators label it on the Runs page's judge view`);
      return 0;
    });
  },
};

export const runsAuditReportCommand: Command = {
  name: 'runs audit report',
  usage: '--name AUDIT [--json] [--db PATH]',
  summary: "A judge audit's figures: Cohen's kappa of human vs run labels with its 95% bootstrap interval, accuracy, confusion, human-human and lexical kappa, the disagreements.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, name: { type: 'string' }, json: { type: 'boolean' } }, false);
    if (values.name === undefined) throw new CliError('name the audit: --name AUDIT', 2);
    const name = auditName.safeParse(values.name);
    if (!name.success) throw new CliError(`--name: ${name.error.issues[0]!.message}`, 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const report = auditReport(db, name.data);
      print(values.json ? JSON.stringify(report, null, 2) : formatAuditReport(report));
      return 0;
    });
  },
};
