import { z } from 'zod';
import type { AgreementView } from '../agreement';
import type { SuggestionFigures } from '../suggestions/analysis';
import { pageQuery } from './backoffice';

/** Query of GET /api/agreement: which page of the per-problem table (worst first) to include. */
export const agreementQuery = z.object(pageQuery);
export type AgreementQuery = z.infer<typeof agreementQuery>;

/** The agreement report with one page of its per-problem table. */
export interface AgreementPageView extends AgreementView {
  /** Rows of the whole per-problem table (perProblem holds rows offset … offset + limit − 1). */
  perProblemTotal: number;
  limit: number;
  offset: number;
  /** What suggestions did to the data; present only once any suggestion was stored or shown. */
  suggestions?: SuggestionFigures;
}
