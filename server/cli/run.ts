import { CliError, type CommandContext } from './command';
import { commands } from './commands';
import type { CliIo } from './io';

function help(listed = commands, usage = '<command> [options]'): string {
  const width = Math.max(...listed.map((c) => c.name.length), 4);
  return [
    `Usage: npm run cli -- ${usage}`,
    '',
    ...listed.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}\n  ${' '.repeat(width)}  ${c.name} ${c.usage}`),
  ].join('\n');
}

/** The commands of a group ("runs", "pilots", …): those whose first word is the group's name. */
const groupCommands = (group: string) => commands.filter((c) => c.name.split(' ')[0] === group && c.name !== group);

function contextOf(io: CliIo): CommandContext {
  return {
    io,
    print: (text) => io.stdout.write(`${text}\n`),
    printError: (text) => io.stderr.write(`${text}\n`),
  };
}

/**
 * Run one CLI command with the given arguments and outside world; returns the exit code.
 * Never throws: a failure is printed as one "error: …" line (no stack trace) with its exit code.
 * The process entry point (main.ts) and the tests both call this.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const ctx = contextOf(io);
  try {
    return await dispatch([...argv], ctx);
  } catch (err) {
    ctx.printError(`error: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof CliError ? err.exitCode : 1;
  }
}

async function dispatch(argv: string[], ctx: CommandContext): Promise<number> {
  const [name] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    ctx.print(help());
    return name ? 0 : 2;
  }
  // "users add" style: match the longest command name made of the leading words.
  const command = commands
    .filter((c) => argv.slice(0, c.name.split(' ').length).join(' ') === c.name)
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    // A group's name alone, or with --help, lists the group's subcommands: someone exploring
    // `runs` should not be sent back to the whole list.
    const group = groupCommands(name);
    if (group.length > 0) {
      const sub = argv[1];
      const asked = sub === undefined || sub === '--help' || sub === '-h' || sub === 'help';
      const listing = help(group, `${name} <subcommand> [options]`);
      if (asked) {
        (sub === undefined ? ctx.printError : ctx.print)(listing);
        return sub === undefined ? 2 : 0;
      }
      ctx.printError(`Unknown subcommand "${name} ${sub}".\n\n${listing}`);
      return 2;
    }
    ctx.printError(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  const args = argv.slice(command.name.split(' ').length);
  if (args.includes('--help') || args.includes('-h')) {
    ctx.print(`Usage: npm run cli -- ${command.name} ${command.usage}\n${command.summary}`);
    return 0;
  }
  return command.run(args, ctx);
}
