import fs from 'node:fs';
import { validateRelease } from '../../../shared/release/validate';
import { readLcbFile } from '../../services/lcbFile';
import { parse, onePositional, existingFile, type Command } from '../command';
import { formatFindings } from './validateFormat';

/** `validate <file.jsonl>`: the release rules on any release file; exit 1 on errors. */
export const validateCommand: Command = {
  name: 'validate',
  usage: '<file.jsonl> [--problems lcb.jsonl] [--json]',
  summary: 'Check a release file: schema, K, keywords, questions and answers, duplicates; with --problems also ids and derivability.',
  async run(argv, { print }) {
    const { values, positionals } = parse(argv, { problems: { type: 'string' }, json: { type: 'boolean' } });
    const file = existingFile(onePositional(positionals, 'give exactly one release file'), 2);
    const problems = values.problems ? new Map((await readLcbFile(values.problems)).map((p) => [p.questionId, p.baseText])) : undefined;
    const report = validateRelease(fs.readFileSync(file, 'utf8'), { problems });
    print(values.json ? JSON.stringify(report, null, 2) : formatFindings(report));
    return report.errors > 0 ? 1 : 0;
  },
};
