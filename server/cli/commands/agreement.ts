import { agreementReport } from '../../services/agreement';
import { dbOption, parse, withDb, type Command } from '../command';
import { formatAgreement } from './agreementFormat';
import { suggestionAnalysis } from '../../services/suggestions/analysis';
import { formatSuggestionFigures } from './suggestionsFormat';

/** `agreement [--db PATH] [--json]`: inter-annotator agreement as tables, or one JSON object. */
export const agreementCommand: Command = {
  name: 'agreement',
  usage: '[--db PATH] [--json]',
  summary: 'Inter-annotator agreement: deletions, point detection, types, counts, against the gold.',
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, json: { type: 'boolean' } }, false);
    return withDb(values.db, { mustExist: true }, (db) => {
      const report = agreementReport(db);
      // Only once suggestions exist: without them the output stays exactly as it was.
      const suggestions = suggestionAnalysis(db);
      if (values.json) print(JSON.stringify(suggestions ? { ...report, suggestions } : report, null, 2));
      else print(suggestions ? `${formatAgreement(report)}\n\n${formatSuggestionFigures(suggestions)}` : formatAgreement(report));
      return 0;
    });
  },
};
