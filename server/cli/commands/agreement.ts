import { agreementReport } from '../../services/agreement';
import { dbOption, openDb, parse, type Command } from '../command';
import { formatAgreement } from './agreementFormat';

/** `agreement [--db PATH] [--json]`: inter-annotator agreement as tables, or one JSON object. */
export const agreementCommand: Command = {
  name: 'agreement',
  usage: '[--db PATH] [--json]',
  summary: 'Inter-annotator agreement: deletions, point detection, types, counts, against the gold.',
  run(argv) {
    const { values } = parse(argv, { ...dbOption, json: { type: 'boolean' } }, false);
    const db = openDb(values.db);
    try {
      const report = agreementReport(db);
      console.log(values.json ? JSON.stringify(report, null, 2) : formatAgreement(report));
      return 0;
    } finally {
      db.close();
    }
  },
};
