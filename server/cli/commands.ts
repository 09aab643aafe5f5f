import type { Command } from './command';
import { agreementCommand } from './commands/agreement';
import { importAnnotationsCommand } from './commands/importAnnotations';
import { backupCommand } from './commands/backup';
import { restoreCommand } from './commands/restore';
import { importLcbCommand } from './commands/importLcb';
import { usersAddCommand, usersListCommand, usersPasswordCommand } from './commands/users';
import { assignCommand } from './commands/assign';
import { batchesCreateCommand, batchesListCommand } from './commands/batches';
import { exportCommand } from './commands/export';
import { validateCommand } from './commands/validate';
import { importReleaseCommand } from './commands/importRelease';
import { diffReleaseCommand } from './commands/diffRelease';
import { releasesPublishCommand } from './commands/publishRelease';
import { pilotsCreateCommand, pilotsExportCommand, pilotsStatusCommand } from './commands/pilots';
import { runsExportCommand } from './commands/runsExport';
import { runsTablesCommand } from './commands/runsTables';
import { pilotsExportLcbCommand, runsExportLcbCommand, runsImportPass1Command } from './commands/pass1';
import { suggestionsGenerateCommand } from './commands/suggestionsGenerate';
import { suggestionsImportCommand, suggestionsPolicyCommand } from './commands/suggestions';
import { runsAuditCreateCommand, runsAuditReportCommand } from './commands/judgeAudits';
import { runsFlagCommand, runsImportCommand, runsJudgeCheckCommand, runsReportCommand, runsTaskScoresCommand } from './commands/runs';

/** Every CLI command; each lives in its own file under commands/. */
export const commands: Command[] = [
  agreementCommand,
  importAnnotationsCommand,
  backupCommand,
  restoreCommand,
  importLcbCommand,
  usersAddCommand,
  usersListCommand,
  usersPasswordCommand,
  assignCommand,
  batchesCreateCommand,
  batchesListCommand,
  exportCommand,
  validateCommand,
  importReleaseCommand,
  diffReleaseCommand,
  runsImportCommand,
  runsExportCommand,
  runsReportCommand,
  runsTaskScoresCommand,
  runsJudgeCheckCommand,
  runsTablesCommand,
  runsFlagCommand,
  runsAuditCreateCommand,
  runsAuditReportCommand,
  runsExportLcbCommand,
  runsImportPass1Command,
  releasesPublishCommand,
  pilotsCreateCommand,
  pilotsStatusCommand,
  pilotsExportCommand,
  pilotsExportLcbCommand,
  suggestionsGenerateCommand,
  suggestionsImportCommand,
  suggestionsPolicyCommand,
];
