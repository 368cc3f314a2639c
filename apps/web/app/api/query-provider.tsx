import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '~/api/api-client';

const shouldRetry = (failureCount: number, error: unknown) =>
  // Only the network can heal by itself; a 4xx answer would come back the same.
  failureCount < 2 && error instanceof ApiError && error.status === 0;

/**
 * TanStack Query for the pages that call the API (decision 0203): wrap a page or modal in it,
 * not the root, so the home page does not load the library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
