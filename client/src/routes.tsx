import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../../shared/roles';
import { prefetchAnnotation } from './pages/annotator/annotationLoad';

export interface PageProps {
  params: Record<string, string>;
}

export interface PageRoute {
  path: string;
  roles: readonly Role[];
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** Label in the navigation bar (omit for pages reached by links). */
  nav?: string;
  /** The roles whose navigation lists it (all of `roles` when omitted). */
  navRoles?: readonly Role[];
  /** The navigation group it is listed under (its menu, or its own link when a role sees one page of it). */
  group?: NavGroup;
  /** Starts the page's data request when the route is entered, while its code still loads. */
  prefetch?: (params: Record<string, string>) => void;
  /** Downloads the page's code (the same import as `page`), so opening the app on it need not wait. */
  preload?: () => Promise<unknown>;
}

/** The navigation's groups, in the bar's order: the work's stages, then administration. */
export const NAV_GROUPS = ['Home', 'Work', 'Adjudication', 'Quality', 'Evaluation', 'Releases', 'Admin'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

const ALL: readonly Role[] = ['annotator', 'adjudicator', 'maintainer', 'pilot'];
// One promise for the editor's code: when it was preloaded, lazy() gets it already settled and
// React can render the page without showing a fallback.
let editorCode: ReturnType<typeof importEditor> | null = null;
const importEditor = () => import('./pages/annotator/EditorPage');
const loadEditor = () =>
  (editorCode ??= importEditor().catch((err: unknown) => {
    editorCode = null; // a failed download is tried again next time
    throw err;
  }));

/** Every page of the app; each is loaded on demand so the editor page stays light. */
export const pageRoutes: PageRoute[] = [
  // A maintainer's home lists what needs attention; everyone else's home is their queue.
  { path: '/', roles: ALL, nav: 'Home', navRoles: ['maintainer'], group: 'Home', page: lazy(() => import('./pages/HomePage')) },
  // Every role's own account (reached from the name in the top bar, not the navigation).
  { path: '/account', roles: ALL, page: lazy(() => import('./pages/account/AccountPage')) },
  { path: '/queue', roles: ['annotator'], nav: 'My queue', page: lazy(() => import('./pages/annotator/QueuePage')) },
  {
    path: '/annotate/:questionId',
    roles: ['annotator'],
    page: lazy(loadEditor),
    preload: loadEditor,
    prefetch: (params) => prefetchAnnotation(params.questionId ?? ''),
  },
  { path: '/discussion', roles: ['annotator', 'adjudicator', 'maintainer'], page: lazy(() => import('./pages/DiscussionPage')) },
  { path: '/my-agreement', roles: ['annotator'], nav: 'My agreement', page: lazy(() => import('./pages/annotator/MyAgreementPage')) },
  { path: '/feedback/:questionId', roles: ['annotator'], page: lazy(() => import('./pages/annotator/FeedbackPage')) },
  { path: '/guidelines', roles: ['annotator', 'adjudicator', 'maintainer'], nav: 'Guidelines', group: 'Quality', page: lazy(() => import('./pages/guidelines/GuidelinesPage')) },
  { path: '/problems', roles: ['maintainer'], nav: 'Problems', group: 'Work', page: lazy(() => import('./pages/maintainer/ProblemsPage')) },
  { path: '/problems/:questionId', roles: ['maintainer', 'adjudicator'], page: lazy(() => import('./pages/maintainer/ProblemPage')) },
  { path: '/users', roles: ['maintainer'], nav: 'Users', group: 'Admin', page: lazy(() => import('./pages/maintainer/UsersPage')) },
  { path: '/assignments', roles: ['maintainer'], nav: 'Assignments', group: 'Work', page: lazy(() => import('./pages/maintainer/AssignmentsPage')) },
  { path: '/batches', roles: ['maintainer'], nav: 'Batches', group: 'Work', page: lazy(() => import('./pages/maintainer/BatchesPage')) },
  { path: '/batches/:name', roles: ['maintainer'], page: lazy(() => import('./pages/maintainer/BatchPage')) },
  { path: '/agreement', roles: ['maintainer'], nav: 'Agreement', group: 'Quality', page: lazy(() => import('./pages/maintainer/AgreementPage')) },
  { path: '/adjudicate', roles: ['adjudicator', 'maintainer'], nav: 'Adjudication', group: 'Adjudication', page: lazy(() => import('./pages/adjudicator/QueuePage')) },
  { path: '/adjudicate/:questionId', roles: ['adjudicator', 'maintainer'], page: lazy(() => import('./pages/adjudicator/CrossCheckPage')) },
  { path: '/releases', roles: ['maintainer'], nav: 'Releases', group: 'Releases', page: lazy(() => import('./pages/maintainer/ReleasesPage')) },
  // Before any /releases/:name route, so "diff" is never taken for a release name.
  { path: '/releases/diff', roles: ['maintainer'], nav: 'Release diff', group: 'Releases', page: lazy(() => import('./pages/maintainer/ReleaseDiffPage')) },
  { path: '/releases/:name/card', roles: ['maintainer'], page: lazy(() => import('./pages/maintainer/DataCard')) },
  { path: '/audit', roles: ['maintainer'], nav: 'Audit log', group: 'Admin', page: lazy(() => import('./pages/maintainer/AuditLogPage')) },
  { path: '/runs', roles: ['maintainer', 'adjudicator'], nav: 'Runs', group: 'Evaluation', page: lazy(() => import('./pages/maintainer/RunsPage')) },
  { path: '/judge-audits/:name', roles: ['maintainer'], page: lazy(() => import('./pages/maintainer/JudgeAuditReportPage')) },
  { path: '/judge-audits/:name/label', roles: ['adjudicator'], page: lazy(() => import('./pages/adjudicator/JudgeAuditPage')) },
  { path: '/runs/tasks/:taskId', roles: ['maintainer', 'adjudicator'], page: lazy(() => import('./pages/maintainer/RunTaskPage')) },
  { path: '/suggestions', roles: ['maintainer'], nav: 'Suggestions', group: 'Work', page: lazy(() => import('./pages/maintainer/SuggestionsPage')) },
  { path: '/suggestions/policy', roles: ['maintainer'], page: lazy(() => import('./pages/maintainer/SuggestionPolicyPage')) },
  { path: '/pilot-studies', roles: ['maintainer', 'adjudicator'], nav: 'Pilot studies', group: 'Evaluation', page: lazy(() => import('./pages/maintainer/PilotStudiesPage')) },
  { path: '/pilot-studies/:study', roles: ['maintainer', 'adjudicator'], page: lazy(() => import('./pages/maintainer/PilotStudyPage')) },
  { path: '/pilot-studies/:study/review', roles: ['adjudicator', 'maintainer'], page: lazy(() => import('./pages/adjudicator/PilotReviewPage')) },
  // The pilot's pages: their tasks, and one task as a model would work it.
  { path: '/pilot', roles: ['pilot'], nav: 'My tasks', page: lazy(() => import('./pages/pilot/PilotTasksPage')) },
  { path: '/pilot/sessions/:id', roles: ['pilot'], page: lazy(() => import('./pages/pilot/PilotTaskPage')) },
];

/** Where each role lands after login. */
export const HOME_BY_ROLE: Record<Role, string> = {
  annotator: '/queue',
  adjudicator: '/adjudicate',
  maintainer: '/',
  pilot: '/pilot',
};
