import type { Command } from './command';

/** Every CLI command; each lives in its own file under commands/. */
export const commands: Command[] = [];
