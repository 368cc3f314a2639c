import { useEffect, useState } from 'react';
import { getSession } from './api/get-session';
import { isSignedIn, isSigningOut, type SessionUser } from './auth-client';

export type Session =
  | { status: 'unchecked' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: SessionUser };

/** One question to the server per page load, whichever parts of the page ask. */
let asked: Promise<SessionUser | null> | undefined;

function askServer(): Promise<SessionUser | null> {
  asked ??= getSession().catch(() => {
    // Unanswered (offline, a server fault): the next part that asks tries again.
    asked = undefined;
    return null;
  });
  return asked;
}

/**
 * The sign-in state of SPEC §4: unchecked until the server says who is signed in, then
 * authenticated until the portal's session ends, when the page shows it ended. The server
 * renews the tokens within the session (decision 0287); the page never sees one.
 */
export function useSession(): Session {
  const [session, setSession] = useState<Session>({ status: 'unchecked' });
  useEffect(() => {
    let cancelled = false;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    void askServer().then((user) => {
      if (cancelled) return;
      if (!isSignedIn(user)) {
        setSession({ status: 'anonymous' });
        return;
      }
      setSession({ status: 'authenticated', user });
      // setTimeout takes at most 2^31-1 ms.
      const left = Math.min(user.expires_at * 1000 - Date.now(), 2 ** 31 - 1);
      expiry = setTimeout(() => {
        asked = undefined;
        if (!isSigningOut()) setSession({ status: 'anonymous' });
      }, left);
    });
    return () => {
      cancelled = true;
      clearTimeout(expiry);
    };
  }, []);
  return session;
}
