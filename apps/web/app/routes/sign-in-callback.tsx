import { useMatches } from 'react-router';
import { SignInCallbackPage } from '~/features/sign-in/sign-in-callback-page';
import type { CallbackKind } from '~/features/sign-in/sign-in-callback-page';

/** One module serves the three return addresses; the route id (routes.ts) says which. */
const KINDS: Record<string, CallbackKind> = {
  'sign-in-callback': 'sign-in',
  'silent-callback': 'silent',
  'logout-callback': 'sign-out',
};

export default function SignInCallbackRoute() {
  const id = useMatches().at(-1)?.id ?? '';
  return <SignInCallbackPage kind={KINDS[id] ?? 'sign-in'} />;
}
