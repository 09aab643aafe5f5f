import { resource } from './endpoint';

/** One thing that needs a maintainer's attention now, with the page that shows exactly those. */
export interface AttentionItem {
  key: 'open-flags' | 'overdue-batches' | 'cases-waiting' | 'need-annotators' | 'failed-suggestion-jobs';
  count: number;
  /** What the count is of, in words ("open flags"). */
  label: string;
  /** The filtered page that lists them. */
  href: string;
}

/** The maintainer's home: what needs attention now, and the last seven days' progress. */
export interface HomeView {
  attention: AttentionItem[];
  week: {
    /** The first day counted (UTC, YYYY-MM-DD); the week runs to now. */
    since: string;
    annotationsSubmitted: number;
    casesResolved: number;
    flagsRaised: number;
  };
  /** Where the gold stands overall: problems per adjudication state. */
  problems: { total: number; waiting: number; ready: number; draft: number; resolved: number };
}

export const home = resource('home', (endpoint) => ({
  get: endpoint<HomeView>()({ method: 'get', path: '/api/home', access: ['maintainer'] }),
}));
