import path from 'node:path';
import { CLI_ACTOR } from '../../../db/events';
import { SUGGESTION_POLICIES, suggestionPolicySchema } from '../../../shared/suggestions/schema';
import { reportImportFailure } from './importAnnotations';
import { importSuggestionsFile } from '../../services/suggestions/import';
import { globalSuggestionPolicy, setGlobalSuggestionPolicy } from '../../services/suggestions/policy';
import { CliError, dbOption, existingFile, onePositional, parse, withDb, type Command } from '../command';

/** `suggestions import <file.jsonl> [--db PATH]`: model suggestions for annotators, all or nothing. */
export const suggestionsImportCommand: Command = {
  name: 'suggestions import',
  usage: '<file.jsonl> [--db PATH]',
  summary: 'Import suggestions (one problem and agent per line: 1–3 points in the base text); all or nothing.',
  run(argv, { print, printError }) {
    const { values, positionals } = parse(argv, dbOption);
    const file = existingFile(onePositional(positionals, 'give exactly one file: suggestions import <file.jsonl>'), 2);
    return withDb(values.db, { mustExist: true }, async (db) => {
      try {
        const s = await importSuggestionsFile(db, CLI_ACTOR, file, path.basename(file));
        print(`${s.total} suggestions: ${s.created} new, ${s.replaced} replaced (same problem and agent).`);
        if (globalSuggestionPolicy(db) === 'off') print('Annotators do not see them while the policy is off: suggestions policy after-draft|always.');
        return 0;
      } catch (err) {
        return reportImportFailure(err, printError);
      }
    });
  },
};

/** `suggestions policy [off|after-draft|always] [--db PATH]`: show or set who sees suggestions, and when. */
export const suggestionsPolicyCommand: Command = {
  name: 'suggestions policy',
  usage: `[${SUGGESTION_POLICIES.join('|')}] [--db PATH]`,
  summary: 'Show the suggestion policy, or set it: off (default), after-draft (after a first point of their own), always.',
  run(argv, { print }) {
    const { values, positionals } = parse(argv, dbOption);
    if (positionals.length > 1) throw new CliError(`give at most one policy: ${SUGGESTION_POLICIES.join(', ')}`, 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const [wanted] = positionals;
      if (wanted === undefined) {
        print(globalSuggestionPolicy(db));
        return 0;
      }
      const parsed = suggestionPolicySchema.safeParse(wanted);
      if (!parsed.success) throw new CliError(`policy ${JSON.stringify(wanted)}: ${parsed.error.issues[0]?.message ?? 'unknown'}`, 2);
      const { before, policy } = setGlobalSuggestionPolicy(db, CLI_ACTOR, parsed.data);
      print(before === policy ? `The suggestion policy stays ${policy}.` : `The suggestion policy is now ${policy} (was ${before}).`);
      return 0;
    });
  },
};
