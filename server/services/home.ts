import type { DB } from '../../db/database';
import { countFailedSuggestionJobs, countOpenFlags, countProblemsByState, countWorkSince } from '../../db/home';
import { countProblemsNeedingAnnotators } from '../../db/problems';
import type { AttentionItem, HomeView } from '../../shared/api/home';
import { listBatches } from './batches';
import { systemClock, type Clock } from './activeTime';
import { nounFor } from '../../shared/plural';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The maintainer's home: each thing that needs attention now, counted as the page it links to
 * counts it (the link opens that page filtered to exactly those), and the last seven days' work.
 */
export function homeView(db: DB, clock: Clock = systemClock): HomeView {
  const now = clock();
  const states = countProblemsByState(db);
  const overdue = listBatches(db, clock).filter((b) => b.overdue).length;
  const flags = countOpenFlags(db);
  const waiting = states.ready + states.draft;
  const need = countProblemsNeedingAnnotators(db);
  const failed = countFailedSuggestionJobs(db);
  const attention: AttentionItem[] = [
    { key: 'open-flags', count: flags, label: nounFor(flags, 'open flag'), href: '/problems?flags=open' },
    { key: 'overdue-batches', count: overdue, label: nounFor(overdue, 'overdue batch', 'overdue batches'), href: '/batches' },
    { key: 'cases-waiting', count: waiting, label: nounFor(waiting, 'case waiting for adjudication', 'cases waiting for adjudication'), href: '/adjudicate' },
    { key: 'need-annotators', count: need, label: nounFor(need, 'problem needs annotators', 'problems need annotators'), href: '/assignments?assigned=open' },
    { key: 'failed-suggestion-jobs', count: failed, label: nounFor(failed, 'suggestion job failed', 'suggestion jobs failed'), href: '/suggestions' },
  ];
  const since = new Date(now - WEEK_MS).toISOString();
  return {
    attention,
    week: { since: since.slice(0, 10), ...countWorkSince(db, since) },
    problems: { total: states.waiting + states.ready + states.draft + states.resolved, ...states },
  };
}
