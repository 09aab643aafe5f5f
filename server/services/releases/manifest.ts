import type { ReleaseStats } from '../../../shared/release/stats';
import type { ValidationReport } from '../../../shared/release/validate';
import type { ReleaseManifest } from '../../../shared/schemas/release';
import { toolVersion } from './facts';

/** The manifest's tool version, counts and validation totals, the same for built and legacy releases. */
export function manifestTally(stats: ReleaseStats, report: ValidationReport): Pick<ReleaseManifest, 'tool_version' | 'counts' | 'validation'> {
  return {
    tool_version: toolVersion(),
    counts: {
      tasks: stats.tasks,
      problems: stats.problems,
      points: stats.points,
      k: Object.fromEntries(stats.k.map((c) => [c.label, c.count])),
      keywords: Object.fromEntries(stats.keywords.map((c) => [c.label, c.count])),
    },
    validation: { errors: report.errors, warnings: report.warnings },
  };
}
