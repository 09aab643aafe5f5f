import { agreementReport } from '../../services/agreement';
import { dbOption, parse, withDb, type Command } from '../command';
import { formatAgreement } from './agreementFormat';

/** `agreement [--db PATH] [--json]`: inter-annotator agreement as tables, or one JSON object. */
export const agreementCommand: Command = {
  name: 'agreement',
  usage: '[--db PATH] [--json]',
  summary: 'Inter-annotator agreement: deletions, point detection, types, counts, against the gold.',
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, json: { type: 'boolean' } }, false);
    return withDb(values.db, { mustExist: true }, (db) => {
      const report = agreementReport(db);
      print(values.json ? JSON.stringify(report, null, 2) : formatAgreement(report));
      return 0;
    });
  },
};
