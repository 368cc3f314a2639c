import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  firstHydrationDone,
  stopDeferringHydration,
} from '~/components/hydrate-later';
import { tasks } from '~/test-tasks';

// A file of its own: the module defers only during its first hydration.
describe('HydrateLater whenTouched', () => {
  it('keeps the prerendered markup until the visitor reaches for it, then hydrates it and its nested subtrees', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<p>now</p><div class="contents"><header><button type="button">outer</button><div class="contents"><nav><button type="button">inner</button></nav></div></header></div>';
    document.body.append(container);
    const prerendered = container.innerHTML;
    const [outer, inner] = container.querySelectorAll('button');
    const clicks = { outer: 0, inner: 0 };
    hydrateRoot(
      container,
      <>
        <p>now</p>
        <HydrateLater whenTouched>
          <header>
            <button type="button" onClick={() => (clicks.outer += 1)}>
              outer
            </button>
            <HydrateLater whenTouched>
              <nav>
                <button type="button" onClick={() => (clicks.inner += 1)}>
                  inner
                </button>
              </nav>
            </HydrateLater>
          </header>
        </HydrateLater>
      </>,
    );
    stopDeferringHydration();
    await firstHydrationDone();
    await tasks(5);

    // Loaded, and nothing has touched it: still the prerendered markup, without handlers.
    expect(container.innerHTML).toBe(prerendered);
    outer?.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    expect(clicks).toEqual({ outer: 0, inner: 0 });

    // A finger comes down: the subtree hydrates before the click arrives, the nested one with it.
    outer?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await tasks(2);
    outer?.click();
    inner?.click();
    expect(clicks).toEqual({ outer: 1, inner: 1 });
    expect(container.querySelectorAll('button')[0]).toBe(outer);
    expect(container.querySelectorAll('button')[1]).toBe(inner);
    expect(container.innerHTML).toBe(prerendered);

    // Later renders (a client navigation) are not deferred.
    render(
      <HydrateLater whenTouched>
        <p>rendered at once</p>
      </HydrateLater>,
    );
    expect(screen.getByText('rendered at once')).toBeTruthy();
    container.remove();
  });
});
