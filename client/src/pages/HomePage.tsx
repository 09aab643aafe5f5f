import { useEffect } from 'react';
import { navigate } from '../router';
import { HOME_BY_ROLE } from '../routes';
import { useMe } from '../session';
import MaintainerHomePage from './maintainer/MaintainerHomePage';

/** The root: a maintainer's home lists what needs attention; everyone else's home is their queue. */
export default function HomePage() {
  const me = useMe();
  const elsewhere = me.role !== 'maintainer';
  useEffect(() => {
    if (elsewhere) navigate(HOME_BY_ROLE[me.role], { replace: true });
  }, [elsewhere, me.role]);
  return elsewhere ? <p className="loading">Opening your queue…</p> : <MaintainerHomePage />;
}
