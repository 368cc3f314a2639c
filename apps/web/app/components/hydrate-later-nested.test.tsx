import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  LAST_TURN,
  deferredHydrationDone,
  stopDeferringHydration,
} from '~/components/hydrate-later';

// A file of its own: the module defers only until its first hydration is done.
describe('HydrateLater nested in a deferred subtree', () => {
  it('waits for its own turn, not for the turn of its parent', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<header><button type="button">outer</button><nav><button type="button">inner</button></nav></header>';
    document.body.append(container);
    const [outer, inner] = container.querySelectorAll('button');
    const clicks = { outer: 0, inner: 0 };
    hydrateRoot(
      container,
      <HydrateLater turn={1}>
        <header>
          <button type="button" onClick={() => (clicks.outer += 1)}>
            outer
          </button>
          <HydrateLater turn={LAST_TURN}>
            <nav>
              <button type="button" onClick={() => (clicks.inner += 1)}>
                inner
              </button>
            </nav>
          </HydrateLater>
        </header>
      </HydrateLater>,
    );
    stopDeferringHydration();

    // A few tasks on, the outer turn has hydrated and the inner one (the last turn) has not.
    for (let task = 0; task < 5 && clicks.outer === 0; task += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      outer?.click();
    }
    inner?.click();
    expect(clicks).toEqual({ outer: 1, inner: 0 });

    await deferredHydrationDone();
    inner?.click();
    expect(clicks).toEqual({ outer: 1, inner: 1 });
    expect(container.querySelectorAll('button')[1]).toBe(inner);
    container.remove();
  });
});
