import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { keepEarlyEdits, nextTask, stopDeferringHydration } from '~/components/hydrate-later';

// The prerendered form works before this script does: what the visitor has picked or typed
// reaches the components once they are there.
keepEarlyEdits();

// SPEC §2 names the older home `//home`; collapse repeated slashes before the router matches.
const { pathname, search, hash } = window.location;
if (/\/{2,}/.test(pathname)) {
  window.history.replaceState(
    window.history.state,
    '',
    pathname.replace(/\/{2,}/g, '/') + search + hash,
  );
}

/**
 * HydratedRouter suspends its first render until it has decoded the router state that the
 * page's scripts stream in. React waits at the root; Preact can only suspend below a DOM node it
 * has claimed, which the whole document is not, so the state is decoded before hydrating: the
 * first call throws the decoding promise before it reaches a hook.
 */
async function routerStateDecoded() {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

/**
 * Builds the router (its routes flattened and ranked, the first match) ahead of hydration:
 * HydratedRouter keeps the router it creates in its module, then stops at its first hook, which
 * only a render may call. Should a later React Router stop keeping it, hydration builds it as
 * before; should the build fail, hydration fails with the cause.
 */
function routerCreated() {
  try {
    HydratedRouter({});
  } catch {
    // Expected: the hook outside a render.
  }
}

// Three tasks where there was one (modules and router state; the router; hydration): on a cheap
// phone each is short enough to answer a tap between them.
void routerStateDecoded()
  .then(nextTask)
  .then(routerCreated)
  .then(nextTask)
  .then(() => {
    hydrateRoot(document, <HydratedRouter />);
    stopDeferringHydration();
  });
