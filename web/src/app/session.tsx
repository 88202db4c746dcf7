/** Who is signed in, for every screen. */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type User, watchUser } from '../data/session';

export interface Session {
  /** false until Auth has said whether someone is signed in. */
  ready: boolean;
  user: User | null;
}

const SessionContext = createContext<Session>({ ready: false, user: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ ready: false, user: null });
  useEffect(() => watchUser((user) => setSession({ ready: true, user })), []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
