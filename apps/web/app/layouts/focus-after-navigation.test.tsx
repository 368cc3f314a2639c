import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from './focus-after-navigation';

afterEach(cleanup);

function Shell() {
  useFocusAfterNavigation();
  return (
    <main id="main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/** A page that focuses its own field, as the reset code page and the forms' fields do. */
function OwnFocus() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return <input ref={field} aria-label="Kode" />;
}

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Link to="/next">Berikutnya</Link> },
          { path: '/next', element: <h1>Halaman berikutnya</h1> },
          { path: '/own', element: <OwnFocus /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('focus after a navigation', () => {
  it('moves to the main region when the followed link is gone', async () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'Berikutnya' });
    link.focus();
    fireEvent.click(link);
    await screen.findByRole('heading', { name: 'Halaman berikutnya' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('stays where a page put it', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/own'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Kode' }));
  });

  it('is left alone on a page load', () => {
    renderAt('/next');
    expect(document.activeElement).toBe(document.body);
  });
});
