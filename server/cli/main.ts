import { processIo } from './io';
import { runCli } from './run';

// The process entry point (`npm run cli -- …`): everything else is in runCli, which tests call in process.
process.exitCode = await runCli(process.argv.slice(2), processIo());
