import { Suspense, lazy } from 'react';
import { useDialogs } from '~/components/dialog-store';

// Loaded on first use: the dialogs and Radix Dialog stay out of the first page's JavaScript.
const GlobalDialogs = lazy(() =>
  import('~/layouts/global-dialogs').then((module) => ({ default: module.GlobalDialogs })),
);

export function DialogHost() {
  const { stack } = useDialogs();
  if (stack.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <GlobalDialogs />
    </Suspense>
  );
}
