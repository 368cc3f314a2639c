import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  HydrateLater,
  firstHydrationDone,
  keepEarlyEdits,
  stopDeferringHydration,
} from '~/components/hydrate-later';
import { tasks } from '~/test-tasks';

let untouchedHeard = 0;

function Form() {
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  return (
    <form>
      <select aria-label="day" value={day} onChange={(event) => setDay(event.target.value)}>
        <option value="">-</option>
        <option value="1">1</option>
        <option value="2">2</option>
      </select>
      <input aria-label="name" value={name} onChange={(event) => setName(event.target.value)} />
      <select aria-label="month" value="" onChange={() => (untouchedHeard += 1)}>
        <option value="">-</option>
        <option value="1">1</option>
      </select>
      <output>{`${day}|${name}`}</output>
    </form>
  );
}

const PRERENDERED =
  '<div class="contents"><form>' +
  '<select aria-label="day"><option value="" selected="">-</option><option value="1">1</option><option value="2">2</option></select>' +
  '<input aria-label="name" value="">' +
  '<select aria-label="month"><option value="" selected="">-</option><option value="1">1</option></select>' +
  '<output>|</output></form></div>';

// A file of its own: the module defers only during its first hydration.
describe('HydrateLater and what the visitor did before it hydrated', () => {
  it('tells the hydrated handlers what was typed and picked in the prerendered form', async () => {
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    document.body.append(container);
    // Before the script runs, the visitor types a name in the prerendered form.
    const name = container.querySelector<HTMLInputElement>('input[aria-label="name"]')!;
    name.value = 'Bud';
    keepEarlyEdits(container);
    hydrateRoot(
      container,
      <HydrateLater soon>
        <Form />
      </HydrateLater>,
    );
    // The visitor picks and types in the prerendered markup: nothing listens yet.
    const day = container.querySelector<HTMLSelectElement>('select[aria-label="day"]')!;
    day.value = '2';
    day.dispatchEvent(new Event('change', { bubbles: true }));
    name.value = 'Budi';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    expect(container.querySelector('output')?.textContent).toBe('|');
    // As a hydrating select can be set back to what its component holds (a browser journey saw
    // it): what the visitor picked is kept from the event, not read back from the control.
    day.value = '';

    stopDeferringHydration();
    await firstHydrationDone();
    await tasks(4);

    // Hydrated in place, the form holds what the visitor did and shows it.
    expect(container.querySelector('select[aria-label="day"]')).toBe(day);
    expect(container.querySelector('output')?.textContent).toBe('2|Budi');
    expect(day.value).toBe('2');
    expect(name.value).toBe('Budi');
    // A control left as it was prerendered hears nothing.
    expect(untouchedHeard).toBe(0);
  });
});
