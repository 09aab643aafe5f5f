import fs from 'node:fs';
import { RESULTS_FILE } from './lib/config';
import { markdownTable, type BenchReport } from './lib/report';

/** Print the table of the recorded full run (test/bench/results.json) as Markdown, for the README. */
const report = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as BenchReport;
console.log(markdownTable(report.results));
console.log(`\n${report.results.filter((r) => r.pass).length}/${report.results.length} targets met; \`npm run bench\` took ${Math.round(report.totalSeconds)} s on ${report.date.slice(0, 10)} (${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}).`);
