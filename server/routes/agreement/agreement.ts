import type { Response } from 'express';
import { agreement } from '../../../shared/api/agreement';
import { pairsCsv, problemsCsv } from '../../../shared/agreement';
import { route } from '../../http/route';
import { agreementPage, cachedAgreementReport } from '../../services/agreementCache';

function sendCsv(res: Response, name: string, text: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.send(text);
}

export const agreementRoutes = [
  route(agreement.page, ({ db, query }) => agreementPage(db, query)),
  route(agreement.pairsCsv, ({ db, res }) => sendCsv(res, 'agreement-pairs.csv', pairsCsv(cachedAgreementReport(db)))),
  route(agreement.problemsCsv, ({ db, res }) => sendCsv(res, 'agreement-problems.csv', problemsCsv(cachedAgreementReport(db)))),
];
