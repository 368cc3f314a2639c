// Its own module: the home page reads it without loading the sign-in client.

/** The history state the sign-out callback lands on home with, so home can say it happened. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

export const cameFromSignOut = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as { signedOut?: unknown }).signedOut === true;
