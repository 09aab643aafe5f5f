import { CLI_ACTOR } from '../../../db/events';
import { ImportError } from '../../services/lcbFile';
import { importLegacyReleaseFile, type LegacyImportReport, type ReportedTask } from '../../services/releases/legacyImport';
import { dbOption, parse, onePositional, existingFile, withDb, type Command } from '../command';
import { printIssues } from './importLcb';

const show = (s: string, max = 60) => {
  const json = JSON.stringify(s);
  return json.length > max ? `${json.slice(0, max - 2)}…"` : json;
};

function taskLines(tasks: readonly ReportedTask[]): string[] {
  return tasks.map((t) => {
    const repairs = t.repairs.map((r) => `[${r.start}, ${r.end}) ${show(r.before)} → ${show(r.after)}`).join('; ');
    return `  ${t.taskId} (${t.questionId}, points ${t.subset}): ${repairs || 'word change'}`;
  });
}

/** The import report as text: counts first, then every repaired and every rewritten task. */
export function formatLegacyReport(r: LegacyImportReport): string {
  const p = r.problems;
  const lines = [
    `release "${r.release}": ${r.tasks} tasks from ${p.total} problems${r.releaseAlreadyStored ? ' (release file already stored)' : ''}`,
    ...(p.replaced.length ? [`replaced work on ${p.replaced.length} problem${p.replaced.length > 1 ? 's' : ''}: ${p.replaced.join(', ')} (the audit log keeps what was there)`] : []),
    `problems: ${p.recovered} recovered, ${p.alreadyImported.length} already imported, ${p.notImported.length} not imported, ${p.unrecoverable.length} unrecoverable`,
    `recovered tasks: ${r.kinds.pure} pure deletions, ${r.kinds.repaired} with small repairs, ${r.kinds.rewrite} rewrites`,
    `single-point tasks: ${r.singlePoint.pure} pure deletions, ${r.singlePoint.repaired} with small repairs, ${r.singlePoint.rewrite} rewrites`,
    `overrides: ${r.overrides.edit} edit, ${r.overrides.rewrite} rewrite; excluded subsets: ${r.exclusions.map((e) => `${e.questionId} {${e.subset}}`).join(', ') || 'none'}`,
  ];
  if (r.repaired.length) lines.push('repaired (deletions plus small repairs):', ...taskLines(r.repaired));
  if (r.rewrites.length) lines.push('rewrites (kept as overrides marked rewrite):', ...taskLines(r.rewrites));
  if (p.notImported.length) {
    lines.push(`not imported (${r.tasksWithoutProblem} tasks kept in the release file only; import the problems and run import-release again): ${p.notImported.join(', ')}`);
  }
  for (const u of p.unrecoverable) lines.push(`unrecoverable ${u.questionId}: ${u.reason}`);
  if (r.pointFindings.length) {
    lines.push(`${r.pointFindings.length} problems have recovered points that break the editor's rules (export is unaffected; adjudicators will see these):`);
    for (const f of r.pointFindings) lines.push(`  ${f.questionId}: ${f.findings[0]}${f.findings.length > 1 ? ` (and ${f.findings.length - 1} more)` : ''}`);
  }
  return lines.join('\n');
}

/** `import-release <file.jsonl> [--name NAME] [--db PATH] [--json]`: bring an existing release into the app. */
export const importReleaseCommand: Command = {
  name: 'import-release',
  usage: '<file.jsonl> [--name NAME] [--notes TEXT] [--replace-work] [--json] [--db PATH]',
  summary: 'Import an existing release (e.g. the public ClarifyCodeBench.jsonl): ids, points and overrides (all or nothing; re-running is idempotent; problems with submitted annotations or gold work are refused unless --replace-work).',
  run(argv, { print, printError }) {
    const { values, positionals } = parse(argv, { ...dbOption, name: { type: 'string' }, notes: { type: 'string' }, 'replace-work': { type: 'boolean' }, json: { type: 'boolean' } });
    const file = existingFile(onePositional(positionals, 'give exactly one file: import-release <file.jsonl>'));
    // An importer: a new --db path gets a new database.
    return withDb(values.db, { mustExist: false }, (db) => {
      try {
        const report = importLegacyReleaseFile(db, file, CLI_ACTOR, { name: values.name, notes: values.notes, replaceWork: values['replace-work'] });
        print(values.json ? JSON.stringify(report, null, 2) : formatLegacyReport(report));
        return 0;
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        printIssues(err, printError);
        return 1;
      }
    });
  },
};
