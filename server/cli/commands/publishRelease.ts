/** `releases publish NAME`: record that a stored release was made public. */
import { CLI_ACTOR } from '../../../db/events';
import { presentRelease } from '../../presenters/releases';
import { publishRelease } from '../../services/releases/store';
import { dbOption, onePositional, parse, withDb, type Command } from '../command';

export const releasesPublishCommand: Command = {
  name: 'releases publish',
  usage: 'NAME [--json] [--db PATH]',
  summary: 'Mark a stored release published (made public): pilot studies are then drawn from it only with --allow-published. Refused when already published.',
  run(argv, { print }) {
    const { values, positionals } = parse(argv, { ...dbOption, json: { type: 'boolean' } });
    const name = onePositional(positionals, 'name exactly one release: releases publish NAME');
    return withDb(values.db, { mustExist: true }, (db) => {
      const release = presentRelease(publishRelease(db, CLI_ACTOR, name));
      print(values.json ? JSON.stringify(release, null, 2) : `release ${release.name} published on ${release.publishedAt!.slice(0, 10)}`);
      return 0;
    });
  },
};
