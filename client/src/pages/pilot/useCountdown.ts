import { useEffect, useState } from 'react';

/** Milliseconds until `deadline` (ISO), ticking each second; 0 once past; null without a deadline. */
export function useCountdown(deadline: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.max(0, Date.parse(deadline) - now);
}

/** Milliseconds since `since` (ISO), ticking each second while `running`; null before it started. */
export function useElapsed(since: string | null, running: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null || !running) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [since, running]);
  if (since === null) return null;
  return Math.max(0, now - Date.parse(since));
}
