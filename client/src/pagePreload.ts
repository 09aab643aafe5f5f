import { matchPath } from './router';
import { pageRoutes, type PageRoute } from './routes';

/** The path whose page data was requested at start-up (its first mount must not ask again). */
let landingPath: string | null = null;

/**
 * At start-up, before the session is known: start downloading the code and data of the page
 * the app was opened at (whatever the caller's role; a page they may not open just goes
 * unused). Resolves once the code is in (never rejects), so the first render of the page
 * does not have to suspend.
 */
export function preloadLanding(pathname: string): Promise<void> {
  try {
    for (const route of pageRoutes) {
      const params = matchPath(route.path, pathname);
      if (!params) continue;
      if (!route.preload && !route.prefetch) return Promise.resolve();
      landingPath = pathname;
      route.prefetch?.(params);
      return (route.preload?.() ?? Promise.resolve()).then(
        () => undefined,
        () => undefined,
      );
    }
  } catch {
    // a malformed path: the page itself reports it
  }
  return Promise.resolve();
}

/** A page was entered: start its data request alongside its code (the landing page's was started already). */
export function prefetchOnEntry(route: PageRoute, pathname: string): void {
  if (pathname === landingPath) {
    landingPath = null;
    return;
  }
  const params = matchPath(route.path, pathname);
  if (params) route.prefetch?.(params);
}
