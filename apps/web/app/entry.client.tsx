import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { recordEarlyInput } from '~/hydration/early-input';

// SPEC §2 names the older home `//home`; collapse repeated slashes before the router matches.
const { pathname, search, hash } = window.location;
if (/\/{2,}/.test(pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    pathname.replace(/\/{2,}/g, '/') + search + hash,
  );
}

recordEarlyInput();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
