import { password as passwordSchema, role as roleSchema, username as usernameSchema } from '../../../shared/schemas/auth';
import { CLI_ACTOR } from '../../../db/events';
import { createUser, listUsers, updateUser } from '../../services/users';
import { CliError, dbOption, openDb, parse, onePositional, type Command } from '../command';
import { firstLine, promptHidden } from '../prompt';
import type { z } from 'zod';

function check<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 2);
  return parsed.data;
}

async function askPassword(): Promise<string> {
  const first = await promptHidden('Password: ');
  check(passwordSchema, first, 'password');
  const second = await promptHidden('Password again: ');
  if (first !== second) throw new CliError('the two passwords differ', 2);
  return first;
}

/** `users add NAME --role ROLE [--password-file F] [--db PATH]`. */
export const usersAddCommand: Command = {
  name: 'users add',
  usage: 'NAME --role annotator|adjudicator|maintainer [--password-file FILE] [--db PATH]',
  summary: 'Create an account; the password is asked twice on the terminal or read from the first line of a file.',
  async run(argv) {
    const { values, positionals } = parse(argv, { ...dbOption, role: { type: 'string' }, 'password-file': { type: 'string' } });
    const username = check(usernameSchema, onePositional(positionals, 'give exactly one user name: users add NAME --role ROLE'), 'name');
    if (values.role === undefined) throw new CliError('--role is required (annotator, adjudicator or maintainer)', 2);
    const role = check(roleSchema, values.role, 'role');
    const file = values['password-file'];
    const password = check(passwordSchema, file === undefined ? await askPassword() : firstLine(file), 'password');
    const db = openDb(values.db);
    try {
      const user = await createUser(db, CLI_ACTOR, { username, role, password });
      console.log(`created ${user.role} ${user.username}`);
      return 0;
    } finally {
      db.close();
    }
  },
};

/** `users list [--db PATH]`. */
export const usersListCommand: Command = {
  name: 'users list',
  usage: '[--db PATH]',
  summary: 'List the accounts with their roles and whether they are active.',
  run(argv) {
    const { values } = parse(argv, dbOption, false);
    const db = openDb(values.db);
    try {
      const users = listUsers(db);
      const width = Math.max(8, ...users.map((u) => u.username.length));
      console.log(`${'username'.padEnd(width)}  ${'role'.padEnd(11)}  active`);
      for (const u of users) console.log(`${u.username.padEnd(width)}  ${u.role.padEnd(11)}  ${u.active ? 'yes' : 'no'}`);
      return 0;
    } finally {
      db.close();
    }
  },
};

/** `users password NAME [--password-file F] [--db PATH]`: e.g. to replace a demo password before serving a team. */
export const usersPasswordCommand: Command = {
  name: 'users password',
  usage: 'NAME [--password-file FILE] [--db PATH]',
  summary: "Set an account's password (asked twice on the terminal or read from the first line of a file); ends its sessions.",
  async run(argv) {
    const { values, positionals } = parse(argv, { ...dbOption, 'password-file': { type: 'string' } });
    const username = check(usernameSchema, onePositional(positionals, 'give exactly one user name: users password NAME'), 'name');
    const file = values['password-file'];
    const password = check(passwordSchema, file === undefined ? await askPassword() : firstLine(file), 'password');
    const db = openDb(values.db);
    try {
      const user = await updateUser(db, CLI_ACTOR, username, { password });
      console.log(`changed the password of ${user.username}`);
      return 0;
    } finally {
      db.close();
    }
  },
};
