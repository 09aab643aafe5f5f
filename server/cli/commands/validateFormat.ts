import type { Severity, ValidationReport } from '../../../shared/release/validate';

/** A validation report as text: a summary line, then one line per finding (optionally only one severity). */
export function formatFindings(report: ValidationReport, only?: Severity): string {
  const findings = only ? report.findings.filter((f) => f.severity === only) : report.findings;
  const lines = findings.map((f) => `${f.severity.padEnd(7)} ${f.task_id.padEnd(10)} ${f.rule.padEnd(24)} ${f.message}`);
  return [`${report.tasks} task(s): ${report.errors} error(s), ${report.warnings} warning(s)`, ...lines].join('\n');
}
