import { alignPoints } from '../../shared/alignment';
import { inheritedFindings, resolveFindings } from '../../shared/adjudication';
import { generateTasks } from '../../shared/tasks';
import type { CaseView, SideView } from '../../shared/adjudicationView';
import type { SideWork } from '../services/adjudications/store';
import type { CaseState } from '../services/adjudications/view';

function presentSide(side: SideWork | null, label: 'A' | 'B', reveal: boolean): SideView | null {
  if (!side) return null;
  return {
    label: `Annotator ${label}`,
    name: reveal ? side.username : null,
    status: side.status,
    submittedAt: side.submittedAt,
    points: side.points,
    origins: side.origins,
    acknowledged: side.acknowledged,
  };
}

/**
 * The cross-check view of one problem: both annotations as A/B, the alignment, the gold state and
 * its tasks. Without two submitted annotations (a legacy problem) A, B, alignment and cross-check are null.
 */
export function presentCase({ file, reveal }: CaseState): CaseView {
  const base = file.problem.base_text;
  const alignment = file.A && file.B ? alignPoints(file.A.points, file.B.points) : null;
  return {
    questionId: file.problem.question_id,
    title: file.problem.title,
    difficulty: file.problem.difficulty,
    baseText: base,
    revealNames: reveal,
    annotations: { A: presentSide(file.A, 'A', reveal), B: presentSide(file.B, 'B', reveal) },
    alignment,
    crossCheck: file.crossCheck,
    gold: {
      status: file.adjudication?.status ?? 'todo',
      source: file.adjudication?.source ?? null,
      version: file.adjudication?.version ?? 0,
      notes: file.adjudication?.notes ?? '',
      points: file.gold,
      overrides: file.overrides,
      excluded: file.excluded,
      updatedAt: file.adjudication?.updated_at ?? null,
      resolvedBy: file.adjudication?.resolved_by_name ?? null,
      resolvedAt: file.adjudication?.resolved_at ?? null,
      resolveIssues: resolveFindings(base, file.gold),
      inheritedIssues: inheritedFindings(base, file.gold),
    },
    tasks: generateTasks(base, file.gold, 'all-subsets', file.overrides),
  };
}
