import type { Response } from 'express';
import { agreement } from '../../../shared/api/agreement';
import { pairsCsv, problemsCsv } from '../../../shared/agreement';
import { routesOf } from '../../http/route';
import { agreementPage, cachedAgreementReport } from '../../services/agreementCache';

function sendCsv(res: Response, name: string, text: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.send(text);
}

export const agreementRoutes = routesOf(agreement, {
  page: ({ db, query }) => agreementPage(db, query),
  pairsCsv: ({ db, res }) => sendCsv(res, 'agreement-pairs.csv', pairsCsv(cachedAgreementReport(db))),
  problemsCsv: ({ db, res }) => sendCsv(res, 'agreement-problems.csv', problemsCsv(cachedAgreementReport(db))),
});
