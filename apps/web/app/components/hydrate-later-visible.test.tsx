import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HydrateLater,
  firstHydrationDone,
  hydrateAllNow,
  isReplayedClick,
  stopDeferringHydration,
} from '~/components/hydrate-later';
import { tasks } from '~/test-tasks';

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this one reports what the test
 * says is in view. (The browser tests run the real one.)
 */
class TestIntersectionObserver {
  static observers: TestIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollIntoView(target: Element) {
    for (const observer of TestIntersectionObserver.observers) {
      if (!observer.targets.includes(target)) continue;
      const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

const hydrated: string[] = [];
function Section({ name, label, onClick }: { name: string; label?: string; onClick?: () => void }) {
  useLayoutEffect(() => {
    hydrated.push(name);
  }, [name]);
  return (
    <section id={name}>
      <button type="button" onClick={onClick}>
        <span>{label ?? name}</span>
      </button>
    </section>
  );
}

// A file of its own: the module defers only during its first hydration.
describe('HydrateLater whenVisible', () => {
  beforeEach(() => {
    Object.assign(globalThis, { IntersectionObserver: TestIntersectionObserver });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'IntersectionObserver');
  });

  it('hydrates a section when it nears the viewport or is reached for, and replays an early click once', async () => {
    const names = ['seen', 'clicked', 'tabbed', 'ctrl', 'toggled', 'switched'];
    const container = document.createElement('div');
    container.innerHTML = names
      .map(
        (name) =>
          `<div class="contents"><section id="${name}"><button type="button"><span>${name}</span></button></section></div>`,
      )
      .join('');
    document.body.append(container);
    const prerendered = container.innerHTML;
    const clicks: { name: string; replayed: boolean; prevented: boolean }[] = [];
    let lastClick: MouseEvent | undefined;
    container.addEventListener('click', (event) => (lastClick = event));
    const onClick = (name: string) => () =>
      clicks.push({
        name,
        replayed: isReplayedClick(),
        prevented: lastClick?.defaultPrevented ?? false,
      });
    // Only the section whose parent re-renders (a toggle it shows changed) is rendered again.
    let relabel!: (label: string) => void;
    function Toggled() {
      const [label, setLabel] = useState('toggled');
      relabel = setLabel;
      return (
        <HydrateLater whenVisible>
          <Section name="toggled" label={label} onClick={onClick('toggled')} />
        </HydrateLater>
      );
    }
    const Page = () =>
      names.map((name) =>
        name === 'toggled' ? (
          <Toggled key={name} />
        ) : (
          <HydrateLater key={name} whenVisible>
            <Section name={name} onClick={onClick(name)} />
          </HydrateLater>
        ),
      );
    hydrateRoot(container, <Page />);
    stopDeferringHydration();
    await firstHydrationDone();
    await tasks(3);

    // The load is over and nothing below the fold has hydrated; the markup is untouched.
    expect(hydrated).toEqual([]);
    expect(container.innerHTML).toBe(prerendered);
    const section = (name: string) => container.querySelector(`#${name}`)!;
    const button = (name: string) => section(name).querySelector('button')!;

    // Scrolled near: it hydrates a task later, keeping its elements.
    const seenButton = button('seen');
    TestIntersectionObserver.scrollIntoView(section('seen'));
    await tasks(2);
    expect(hydrated).toEqual(['seen']);
    expect(button('seen')).toBe(seenButton);
    button('seen').click();
    expect(clicks).toEqual([{ name: 'seen', replayed: false, prevented: false }]);

    // Clicked before it had hydrated: held, then replayed once, on the same element.
    const inner = button('clicked').querySelector('span')!;
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    inner.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(clicks).toHaveLength(1);
    await tasks(3);
    expect(hydrated).toEqual(['seen', 'clicked']);
    expect(clicks.slice(1)).toEqual([{ name: 'clicked', replayed: true, prevented: false }]);
    button('clicked').click();
    expect(clicks.slice(2)).toEqual([{ name: 'clicked', replayed: false, prevented: false }]);

    // Focus coming in from the keyboard hydrates it before Enter can arrive.
    button('tabbed').focus();
    await tasks(2);
    expect(hydrated).toEqual(['seen', 'clicked', 'tabbed']);

    // A click that opens a new tab is left to the browser, not held.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    button('ctrl').dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    await tasks(2);
    expect(hydrated).toEqual(['seen', 'clicked', 'tabbed']);

    // What it shows changed (a toggle): it hydrates with the new props, not the prerendered text.
    relabel('toggled on');
    await tasks(3);
    expect(hydrated).toEqual(['seen', 'clicked', 'tabbed', 'toggled']);
    expect(section('toggled').textContent).toBe('toggled on');

    // A language switch hydrates all that is left, the new-tab one too.
    hydrateAllNow();
    await tasks(3);
    expect(hydrated.toSorted()).toEqual(names.toSorted());
    expect(container.querySelectorAll('section')).toHaveLength(names.length);
    container.remove();
  });
});
