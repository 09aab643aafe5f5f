import { z } from 'zod';
import {
  auditName,
  createAuditBody,
  labelBody,
  type AuditItemView,
  type AuditReport,
  type AuditSummary,
  type LabellingProgress,
  type LabellingState,
} from '../schemas/judgeAudits';
import { resource } from './endpoint';
import { numericIdParam } from './params';

// Maintainers create audits and read their reports (which name the model and show the run's labels);
// adjudicators label blind and see only items, their own choices and their own progress.
const MAINTAINERS = ['maintainer'] as const;
const LABELLERS = ['adjudicator'] as const;
const oneAudit = z.object({ name: auditName });
const oneItem = z.object({ name: auditName, id: numericIdParam });

/** Human audits of a run's judge: a stratified sample of its question turns, labelled blind. */
export const judgeAudits = resource('judgeAudits', (endpoint) => ({
  /** Draw the sample of a stored run's question turns (201). */
  create: endpoint<AuditSummary>()({ method: 'post', path: '/api/judge-audits', access: MAINTAINERS, body: createAuditBody, status: 201 }),
  /** Every audit with its progress, κ and interval (the Runs page's judge view). */
  list: endpoint<{ audits: AuditSummary[] }>()({ method: 'get', path: '/api/judge-audits', access: MAINTAINERS }),
  /** The report: κ, accuracy and confusion against the run, between humans, for the lexical check; the disagreements. */
  report: endpoint<AuditReport>()({ method: 'get', path: '/api/judge-audits/:name', access: MAINTAINERS, params: oneAudit }),
  /** The audits the caller can label, with their own progress only. */
  queue: endpoint<{ audits: LabellingProgress[] }>()({ method: 'get', path: '/api/judge-audit-queue', access: LABELLERS }),
  /** The caller's next item (204, no body, when none is left). */
  next: endpoint<AuditItemView | undefined>()({ method: 'get', path: '/api/judge-audits/:name/next', access: LABELLERS, params: oneAudit }),
  /** The caller's progress and own labelled items with their own choices (to move back and undo). */
  mine: endpoint<LabellingState>()({ method: 'get', path: '/api/judge-audits/:name/mine', access: LABELLERS, params: oneAudit }),
  /** Label one item: `{ keyQuestion: index | null }`. */
  label: endpoint<LabellingProgress>()({ method: 'put', path: '/api/judge-audits/:name/items/:id', access: LABELLERS, params: oneItem, body: labelBody }),
  /** Take back one's own label of an item (undo). */
  unlabel: endpoint<LabellingProgress>()({ method: 'delete', path: '/api/judge-audits/:name/items/:id', access: LABELLERS, params: oneItem }),
}));
