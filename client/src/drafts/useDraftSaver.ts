import { useEffect } from 'react';
import { onReauthenticated } from '../api';
import type { DraftSaver } from './draftSaver';

/**
 * Ties a draft saver to the page's life: leaving in the app (unmount), hiding or closing the
 * tab saves what is pending at once (keepalive, so the request outlives the page), a change the
 * server has not acknowledged (pending, or sent and not answered) makes the browser ask before
 * unloading, and a new login resumes saving.
 */
export function useDraftSaver<D, R>(saver: DraftSaver<D, R>): void {
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (saver.unacknowledged) e.preventDefault();
    };
    const leave = () => {
      if (saver.hasUnsaved) void saver.flush(true);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    const stopListening = onReauthenticated(() => saver.resume());
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      stopListening();
      leave();
    };
  }, [saver]);
}
