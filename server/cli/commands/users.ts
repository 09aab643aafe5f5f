import { password as passwordSchema, role as roleSchema, username as usernameSchema } from '../../../shared/schemas/auth';
import { ROLES } from '../../../shared/roles';
import { CLI_ACTOR } from '../../../db/events';
import { createUser, listUsers, updateUser } from '../../services/users';
import { CliError, dbOption, parse, onePositional, withDb, type Command } from '../command';
import { ask, firstLine } from '../prompt';
import type { CliIo } from '../io';
import type { z } from 'zod';

function check<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 2);
  return parsed.data;
}

async function askPassword(io: CliIo): Promise<string> {
  const first = await ask(io, 'Password: ');
  check(passwordSchema, first, 'password');
  const second = await ask(io, 'Password again: ');
  if (first !== second) throw new CliError('the two passwords differ', 2);
  return first;
}

/** `users add NAME --role ROLE [--password-file F] [--db PATH]`. */
export const usersAddCommand: Command = {
  name: 'users add',
  usage: `NAME --role ${ROLES.join('|')} [--password-file FILE] [--db PATH]`,
  summary: 'Create an account; the password is asked twice on the terminal or read from the first line of a file.',
  async run(argv, { io, print }) {
    const { values, positionals } = parse(argv, { ...dbOption, role: { type: 'string' }, 'password-file': { type: 'string' } });
    const username = check(usernameSchema, onePositional(positionals, 'give exactly one user name: users add NAME --role ROLE'), 'name');
    if (values.role === undefined) throw new CliError(`--role is required (${ROLES.join(', ')})`, 2);
    const role = check(roleSchema, values.role, 'role');
    const file = values['password-file'];
    const password = check(passwordSchema, file === undefined ? await askPassword(io) : firstLine(file), 'password');
    // The first account may come before the server ever ran: a new --db path gets a new database.
    return withDb(values.db, { mustExist: false }, async (db) => {
      const user = await createUser(db, CLI_ACTOR, { username, role, password });
      print(`created ${user.role} ${user.username}`);
      return 0;
    });
  },
};

/** `users list [--db PATH]`. */
export const usersListCommand: Command = {
  name: 'users list',
  usage: '[--db PATH]',
  summary: 'List the accounts with their roles and whether they are active.',
  run(argv, { print }) {
    const { values } = parse(argv, dbOption, false);
    return withDb(values.db, { mustExist: true }, (db) => {
      const users = listUsers(db);
      const width = Math.max(8, ...users.map((u) => u.username.length));
      print(`${'username'.padEnd(width)}  ${'role'.padEnd(11)}  active`);
      for (const u of users) print(`${u.username.padEnd(width)}  ${u.role.padEnd(11)}  ${u.active ? 'yes' : 'no'}`);
      return 0;
    });
  },
};

/** `users password NAME [--password-file F] [--db PATH]`: e.g. to replace a demo password before serving a team. */
export const usersPasswordCommand: Command = {
  name: 'users password',
  usage: 'NAME [--password-file FILE] [--db PATH]',
  summary: "Set an account's password (asked twice on the terminal or read from the first line of a file); ends its sessions.",
  async run(argv, { io, print }) {
    const { values, positionals } = parse(argv, { ...dbOption, 'password-file': { type: 'string' } });
    const username = check(usernameSchema, onePositional(positionals, 'give exactly one user name: users password NAME'), 'name');
    const file = values['password-file'];
    const password = check(passwordSchema, file === undefined ? await askPassword(io) : firstLine(file), 'password');
    return withDb(values.db, { mustExist: true }, async (db) => {
      const user = await updateUser(db, CLI_ACTOR, username, { password });
      print(`changed the password of ${user.username}`);
      return 0;
    });
  },
};
