import { CliError } from './command';
import { commands } from './commands';
import { AppError } from '../http/errors';

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  return [
    'Usage: npm run cli -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}\n  ${' '.repeat(width)}  ${c.name} ${c.usage}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(help());
    return name ? 0 : 2;
  }
  // "users add" style: match the longest command name made of the leading words.
  const command = commands
    .filter((c) => argv.slice(0, c.name.split(' ').length).join(' ') === c.name)
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  const args = argv.slice(command.name.split(' ').length);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`Usage: npm run cli -- ${command.name} ${command.usage}\n${command.summary}`);
    return 0;
  }
  void rest;
  return command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      console.error(`error: ${err.message}`);
      process.exitCode = err.exitCode;
    } else if (err instanceof AppError) {
      console.error(`error: ${err.message}`);
      process.exitCode = 1;
    } else {
      console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    }
  },
);
