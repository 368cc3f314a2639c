import type {
  PasskeyAuthenticationResponse,
  PasskeyRequestOptions,
} from '@portal/contracts/passkeys';
import type { Challenge } from 'altcha-lib';

// The calls of the sign-in steps' enhancement script. Plain fetch, not the app's API client:
// the script runs on the server's pages without React or zod and must stay a few kB; the
// server checks every answer, and the page still works when a call fails.

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} ${response.status}`);
  return (await response.json()) as T;
}

/** A fresh bot-check challenge, at the address the page names. */
export const getBotCheckChallenge = async (address: string): Promise<Challenge> =>
  json(await fetch(address, { credentials: 'same-origin', cache: 'no-store' }));

/** The challenge and the account's passkeys, for the browser to sign with one. */
export const getPasskeyOptions = async (address: string): Promise<PasskeyRequestOptions> =>
  json(await fetch(address, { credentials: 'same-origin', cache: 'no-store' }));

/** The browser's signed answer; the provider's resume address when it is right. */
export const answerWithPasskey = async (
  address: string,
  response: PasskeyAuthenticationResponse,
): Promise<{ redirectTo?: string }> =>
  json(
    await fetch(address, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(response),
    }),
  );
