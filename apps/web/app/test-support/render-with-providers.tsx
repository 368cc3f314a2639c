import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { QueryProvider } from '~/api/query-provider';
import { DialogProvider } from '~/components/dialog-store';
import { ToastProvider } from '~/components/toast';
import { i18n } from '~/i18n/i18n';

type Providers = {
  /** A router at this path (or location with state), for links and navigation. */
  path?: InitialEntry;
  /** TanStack Query, for components that call the API. */
  query?: boolean;
  /** The dialog store, for components that open dialogs. */
  dialogs?: boolean;
  /** The toast region, for components that announce. */
  toasts?: boolean;
};

/**
 * Renders `ui` inside the app's own text instance and the providers asked for, in the order
 * the app nests them, so a unit test gives a component what the layout gives it.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path, query = false, dialogs = false, toasts = false }: Providers = {},
): RenderResult {
  let tree = query ? <QueryProvider>{ui}</QueryProvider> : ui;
  if (dialogs) tree = <DialogProvider>{tree}</DialogProvider>;
  if (toasts) tree = <ToastProvider>{tree}</ToastProvider>;
  if (path !== undefined) tree = <MemoryRouter initialEntries={[path]}>{tree}</MemoryRouter>;
  return render(<I18nextProvider i18n={i18n}>{tree}</I18nextProvider>);
}
