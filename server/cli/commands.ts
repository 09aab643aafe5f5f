import type { Command } from './command';
import { backupCommand } from './commands/backup';
import { restoreCommand } from './commands/restore';

/** Every CLI command; each lives in its own file under commands/. */
export const commands: Command[] = [
  backupCommand,
  restoreCommand,
];
