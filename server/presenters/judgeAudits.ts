import type { AuditItemView, LabellingState } from '../../shared/schemas/judgeAudits';
import type { AuditItem } from '../services/judgeAudits/lookup';
import type { OwnLabels } from '../services/judgeAudits/label';

/** An item as a labeller sees it: built field by field, so nothing of the run (its label, its similarity) or of other labellers can slip in. */
export const presentAuditItem = ({ item, task }: AuditItem): AuditItemView => ({
  id: item.id,
  taskId: item.task_id,
  turn: item.turn,
  question: item.question,
  keyQuestions: task.keyQuestions,
  text: task.text,
});

/** The caller's progress and own labelled items, with their own choice only. */
export const presentLabellingState = ({ mine, ...progress }: OwnLabels): LabellingState => ({
  ...progress,
  mine: mine.map((label) => ({ ...presentAuditItem(label), keyQuestion: label.keyQuestion })),
});
