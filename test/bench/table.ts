import fs from 'node:fs';
import { RESULTS_FILE } from './lib/config';
import { markdownTable, reportSummary, type BenchReport } from './lib/report';

/** Print the table of the recorded full run (test/bench/results.json) as Markdown (`npm run docs` writes it into docs/performance.md). */
const report = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as BenchReport;
console.log(markdownTable(report.results));
console.log(`\n${reportSummary(report)}`);
