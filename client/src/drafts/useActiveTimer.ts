import { useEffect, useState } from 'react';
import { ActiveTimer } from './activeTime';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'input', 'selectionchange'] as const;

/** Counts active time while a work page is open (annotation editor, pilot session): visible tab, activity within the last minute. */
export function useActiveTimer(enabled: boolean): ActiveTimer {
  const [timer] = useState(() => new ActiveTimer());
  useEffect(() => {
    if (!enabled) return;
    const onActivity = () => timer.activity();
    ACTIVITY_EVENTS.forEach((e) => document.addEventListener(e, onActivity, { passive: true }));
    const tick = setInterval(() => timer.tick(document.visibilityState === 'visible'), 1000);
    return () => {
      clearInterval(tick);
      ACTIVITY_EVENTS.forEach((e) => document.removeEventListener(e, onActivity));
    };
  }, [timer, enabled]);
  return timer;
}
