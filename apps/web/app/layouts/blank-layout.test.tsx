import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test-support/render-with-providers';
import BlankLayout from './blank-layout';

afterEach(cleanup);

describe('the blank layout', () => {
  it.each(['/auth/login', '/konsol', '/admin', '/tidak-ada'])(
    'leads home from %s by the logo',
    (path) => {
      renderWithProviders(
        <Routes>
          <Route element={<BlankLayout />}>
            <Route path="*" element={<p>isi</p>} />
          </Route>
        </Routes>,
        { path, dialogs: true },
      );
      const home = screen.getByRole('link', { name: 'Akun belajar.id' });
      expect(home.getAttribute('href')).toBe('/');
      expect(home.querySelector('img')?.getAttribute('src')).toBe('/images/logo.svg');
      // The language switch stays beside it.
      expect(screen.getByRole('button', { name: /English/ })).toBeTruthy();
    },
  );
});
