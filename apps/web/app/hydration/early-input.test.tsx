import { Suspense, act, use, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { recordEarlyInput, restoreEarlyInput } from '~/hydration/early-input';
import { loadPart } from '~/hydration/load-part';

/** Controlled fields, as the birth-date picker and the lookup form have them. */
function Form({ tick }: { tick: number }) {
  const [month, setMonth] = useState('');
  const [name, setName] = useState('');
  return (
    <form data-tick={tick}>
      <select aria-label="Bulan" value={month} onChange={(event) => setMonth(event.target.value)}>
        <option value="">Pilih</option>
        <option value="2">Februari</option>
      </select>
      <input aria-label="Nama" value={name} onChange={(event) => setName(event.target.value)} />
      <output>{`${month}|${name}`}</output>
    </form>
  );
}

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('early input', () => {
  it('hands what was picked and typed before hydration to the hydrated components', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form tick={0} />);
    document.body.append(container);
    const select = container.querySelector('select')!;
    const input = container.querySelector('input')!;

    // Before the script: a pick, then typing, then more typing (an event per edit).
    select.value = '2';
    recordEarlyInput(document);
    input.value = 'Budi';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.value = 'Budi Santoso';
    input.dispatchEvent(new Event('input', { bubbles: true }));

    const root = await act(async () => hydrateRoot(container, <Form tick={0} />));
    await act(async () => restoreEarlyInput());
    expect(container.querySelector('output')?.textContent).toBe('2|Budi Santoso');

    // A later render keeps them: the state holds them now, not only the DOM.
    await act(async () => root.render(<Form tick={1} />));
    expect(select.value).toBe('2');
    expect(input.value).toBe('Budi Santoso');
    await act(async () => root.unmount());
  });

  it('leaves untouched controls and later edits to React', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form tick={0} />);
    document.body.append(container);
    recordEarlyInput(document);
    const root = await act(async () => hydrateRoot(container, <Form tick={0} />));
    await act(async () => restoreEarlyInput());
    expect(container.querySelector('output')?.textContent).toBe('|');
    await act(async () => root.unmount());
  });

  it('keeps what was typed in a part whose code comes later until that part has hydrated', async () => {
    let arrive: (module: { Part: typeof Form }) => void = () => undefined;
    const part = loadPart(
      () => new Promise<{ Part: typeof Form }>((resolve) => (arrive = resolve)),
    );
    function LaterPart() {
      const { Part } = use(part);
      useEffect(() => restoreEarlyInput(), []);
      return <Part tick={0} />;
    }
    const page = (content: React.ReactNode) => (
      <main>
        <input aria-label="Cari" defaultValue="" />
        <Suspense fallback={null}>{content}</Suspense>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(<Form tick={0} />));
    document.body.append(container);
    const input = container.querySelector<HTMLInputElement>('input[aria-label="Nama"]')!;

    recordEarlyInput(document);
    input.value = 'Budi';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const root = await act(async () => hydrateRoot(container, page(<LaterPart />)));
    await act(async () => restoreEarlyInput());
    // The part waits for its code: the page's restore leaves its field as typed.
    expect(container.querySelector('output')?.textContent).toBe('|');
    input.value = 'Budi Santoso';
    input.dispatchEvent(new Event('input', { bubbles: true }));

    await act(async () => arrive({ Part: Form }));
    expect(container.querySelector('output')?.textContent).toBe('|Budi Santoso');
    expect(input.value).toBe('Budi Santoso');
    await act(async () => root.unmount());
  });
});
