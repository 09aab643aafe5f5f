import { startTransition, Suspense, useEffect, useState } from 'react';
import { notifyReauthenticated, onUnauthenticated, sessionOf } from './api';
import { call } from './apiCall';
import { auth } from '../../shared/api/auth';
import { resourceCache } from './resources/store';
import { Link, matchPath, navigate, useLocation } from './router';
import { preloadLanding, prefetchOnEntry } from './pagePreload';
import { HOME_BY_ROLE, pageRoutes, type PageRoute } from './routes';
import { SessionContext } from './session';
import { LoginPage } from './pages/LoginPage';
import { SessionDialog } from './SessionDialog';
import { UnreadLink } from './discussion/UnreadLink';
import { MainNav } from './MainNav';
import type { Me } from '../../shared/schemas/auth';

/** `ended`: the session ran out while a page was open; the page stays under a login dialog. */
type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'user'; me: Me; ended?: boolean };

/** Logging in at the login page or the bare root lands on the role's page. */
const LANDS_ON_ROLE_PAGE = new Set(['/', '/login']);

/** Starts the page's data request once per navigation, next to the download of its lazy code. */
function PagePrefetch({ route, pathname }: { route: PageRoute; pathname: string }) {
  useEffect(() => prefetchOnEntry(route, pathname), [route, pathname]);
  return null;
}

export function App() {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const location = useLocation();

  useEffect(() => {
    // Who is logged in is asked once, and only its answer ends the loading state: an answer that
    // comes after someone logged in at the form (a start-up run twice, as React's development
    // mode does, asks twice) must not take them back to an empty form.
    let asking = true;
    const answer = (next: SessionState) => setSession((s) => (asking && s.status === 'loading' ? next : s));
    const landing = preloadLanding(window.location.pathname);
    call(auth.me, { public: true }).then(
      // The landing page's code was fetched alongside /api/me; rendering it in a transition lets
      // React show it directly instead of a Suspense fallback it would then hold for 300 ms.
      (me) => {
        if (asking) sessionOf(me.username);
        void landing.then(() => startTransition(() => answer({ status: 'user', me })));
      },
      () => answer({ status: 'anonymous' }),
    );
    // A 401 ends a session that was open; before the answer above there is none to end (and the
    // answer's own 401 is an answer: nobody is logged in).
    const stopListening = onUnauthenticated(() => setSession((s) => (s.status === 'user' ? { ...s, ended: true } : s)));
    return () => {
      asking = false;
      stopListening();
    };
  }, []);

  function loggedInAgain(me: Me) {
    if (session.status === 'user' && me.username === session.me.username) {
      setSession({ status: 'user', me });
      notifyReauthenticated();
      // The editor saves what waited (notifyReauthenticated); every other page loads again what failed meanwhile.
      resourceCache.reloadFailed();
    } else {
      // Someone else logged in: their own landing page (the first user's draft stays in this browser).
      resourceCache.clear();
      setSession({ status: 'user', me });
      navigate(HOME_BY_ROLE[me.role], { replace: true });
    }
  }

  if (session.status === 'loading') return <p className="loading">Loading…</p>;
  if (session.status === 'anonymous') {
    return (
      <LoginPage
        onLogin={(me) => {
          setSession({ status: 'user', me });
          if (LANDS_ON_ROLE_PAGE.has(location.pathname)) navigate(HOME_BY_ROLE[me.role], { replace: true });
        }}
      />
    );
  }

  const me = session.me;
  if (location.pathname === '/login') {
    navigate(HOME_BY_ROLE[me.role], { replace: true });
    return null;
  }
  const visible = pageRoutes.filter((r) => r.roles.includes(me.role));
  let match: { route: (typeof pageRoutes)[number]; params: Record<string, string> } | null = null;
  for (const route of visible) {
    const params = matchPath(route.path, location.pathname);
    if (params) {
      match = { route, params };
      break;
    }
  }

  async function logout() {
    await call(auth.logout).catch(() => undefined);
    resourceCache.clear();
    sessionOf(null);
    setSession({ status: 'anonymous' });
    navigate('/login', { replace: true });
  }

  const Page = match?.route.page;
  return (
    <SessionContext.Provider value={me}>
      {session.ended && <SessionDialog username={me.username} onLogin={loggedInAgain} />}
      <header className="topbar">
        <Link href={HOME_BY_ROLE[me.role]} className="brand">
          CCB Studio
        </Link>
        <MainNav visible={visible.filter((r) => !r.navRoles || r.navRoles.includes(me.role))} current={match?.route ?? null} />
        <div className="whoami">
          {me.role !== 'pilot' && <UnreadLink />}
          <span>
            <Link href="/account" title="Your account: change your password">
              {me.username}
            </Link>{' '}
            <span className="role-badge">{me.role}</span>
          </span>
          <button type="button" onClick={() => void logout() /* a failed logout still ends the session here */}>
            Log out
          </button>
        </div>
      </header>
      <main className="content">
        {Page && match ? (
          <>
            <PagePrefetch route={match.route} pathname={location.pathname} />
            <Suspense fallback={<p className="loading">Loading…</p>}>
              <Page params={match.params} />
            </Suspense>
          </>
        ) : (
          <section className="page">
            <h1>Page not found</h1>
            <p>
              There is no page at <code>{location.pathname}</code> for your role. <Link href={HOME_BY_ROLE[me.role]}>Go home</Link>
            </p>
          </section>
        )}
      </main>
    </SessionContext.Provider>
  );
}
