import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  deferredHydrationDone,
  stopDeferringHydration,
} from '~/components/hydrate-later';

describe('HydrateLater', () => {
  it('keeps the prerendered markup and hydrates it in a later task, then renders at once', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<p>now</p><section><button type="button">later</button></section>';
    document.body.append(container);
    const prerendered = container.querySelector('button');
    let clicks = 0;
    hydrateRoot(
      container,
      <>
        <p>now</p>
        <HydrateLater turn={1}>
          <section>
            <button type="button" onClick={() => (clicks += 1)}>
              later
            </button>
          </section>
        </HydrateLater>
      </>,
    );
    stopDeferringHydration();
    await Promise.resolve();

    // The first pass has returned: the section is on screen but not hydrated yet.
    expect(container.querySelector('button')).toBe(prerendered);
    prerendered?.click();
    expect(clicks).toBe(0);

    await deferredHydrationDone();
    expect(container.querySelector('button')).toBe(prerendered);
    expect(container.innerHTML).toBe(
      '<p>now</p><section><button type="button">later</button></section>',
    );
    prerendered?.click();
    expect(clicks).toBe(1);

    // Later renders (a client navigation) are not deferred.
    render(
      <HydrateLater turn={2}>
        <p>rendered at once</p>
      </HydrateLater>,
    );
    expect(screen.getByText('rendered at once')).toBeTruthy();
    container.remove();
  });
});
