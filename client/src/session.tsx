import { createContext, useContext } from 'react';
import type { Me } from '../../shared/schemas/auth';

export const SessionContext = createContext<Me | null>(null);

/** The logged-in user (pages under the layout are only rendered with a session). */
export function useMe(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useMe outside a session');
  return me;
}
