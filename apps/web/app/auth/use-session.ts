import { useEffect, useState } from 'react';
import type { User } from 'oidc-client-ts';
import { isSignedIn, isSigningOut, userManager } from './auth-client';

export type Session =
  { status: 'unchecked' } | { status: 'anonymous' } | { status: 'authenticated'; user: User };

/**
 * The sign-in state of SPEC §4: unchecked until the stored tokens are read, then authenticated
 * while the access token is valid. At its expiry the stored session is removed, not renewed.
 */
export function useSession(): Session {
  const [session, setSession] = useState<Session>({ status: 'unchecked' });
  useEffect(() => {
    let cancelled = false;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const show = (user: User | null) => {
      clearTimeout(expiry);
      if (cancelled) return;
      if (!isSignedIn(user)) {
        setSession({ status: 'anonymous' });
        return;
      }
      setSession({ status: 'authenticated', user });
      // setTimeout takes at most 2^31-1 ms; an access token lives 15 minutes.
      const left = Math.min((user.expires_in ?? 0) * 1000, 2 ** 31 - 1);
      expiry = setTimeout(() => void userManager().then((manager) => manager.removeUser()), left);
    };
    let unsubscribe = () => {};
    void userManager().then(async (manager) => {
      const user = await manager.getUser();
      if (user && !isSignedIn(user)) await manager.removeUser();
      show(isSignedIn(user) ? user : null);
      const onLoaded = (loaded: User) => show(loaded);
      const onUnloaded = () => {
        if (!isSigningOut()) show(null);
      };
      manager.events.addUserLoaded(onLoaded);
      manager.events.addUserUnloaded(onUnloaded);
      unsubscribe = () => {
        manager.events.removeUserLoaded(onLoaded);
        manager.events.removeUserUnloaded(onUnloaded);
      };
    });
    return () => {
      cancelled = true;
      clearTimeout(expiry);
      unsubscribe();
    };
  }, []);
  return session;
}
