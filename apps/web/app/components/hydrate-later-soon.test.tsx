import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  firstHydrationDone,
  stopDeferringHydration,
} from '~/components/hydrate-later';
import { tasks } from '~/test-tasks';

let showMore: (() => void) | undefined;
let innerClicks = 0;

function Page() {
  const [more, setMore] = useState(false);
  showMore = () => setMore(true);
  return (
    <section>
      <h1>page</h1>
      <HydrateLater whenTouched>
        <nav>
          <button type="button" onClick={() => (innerClicks += 1)}>
            inner
          </button>
        </nav>
      </HydrateLater>
      {more ? (
        <HydrateLater whenTouched>
          <p>mounted later</p>
        </HydrateLater>
      ) : null}
    </section>
  );
}

// A file of its own: the module defers only during its first hydration.
describe('HydrateLater soon', () => {
  it('hydrates in a task after the first pass, keeping the deferred subtrees inside it deferred', async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<p>frame</p><div class="contents"><section><h1>page</h1><div class="contents"><nav><button type="button">inner</button></nav></div></section></div>';
    document.body.append(container);
    const prerendered = container.innerHTML;
    hydrateRoot(
      container,
      <>
        <p>frame</p>
        <HydrateLater soon>
          <Page />
        </HydrateLater>
      </>,
    );
    // The first pass leaves the subtree as it was prerendered: Page has not rendered.
    expect(showMore).toBeUndefined();
    stopDeferringHydration();
    await firstHydrationDone();
    await tasks(3);

    // Hydrated in a later task, in place; the touch-deferred subtree inside it still waits.
    expect(showMore).toBeDefined();
    expect(container.innerHTML).toBe(prerendered);
    const inner = container.querySelector('nav button');
    inner?.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    expect(innerClicks).toBe(0);
    inner?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await tasks(2);
    inner?.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    expect(innerClicks).toBe(1);
    expect(container.querySelector('nav button')).toBe(inner);

    // Once hydrated, what mounts inside it renders at once.
    showMore?.();
    await tasks(2);
    expect(container.textContent).toContain('mounted later');

    // Later renders (a client navigation) are not deferred.
    render(
      <HydrateLater soon>
        <p>rendered at once</p>
      </HydrateLater>,
    );
    expect(screen.getByText('rendered at once')).toBeTruthy();
    container.remove();
  });
});
