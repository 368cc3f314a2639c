import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@portal/contracts/passkeys';

// The browser's half of a passkey ceremony (decision 0262): @simplewebauthn/browser turns the
// API's options into navigator.credentials calls and the answer back into JSON. It is loaded
// when a person uses a passkey, never with the page.

/**
 * Why the browser gave no answer: the person cancelled or let it time out (`declined`), the
 * authenticator already holds a passkey of this account (`exists`), or something else failed.
 */
export type PasskeyRefusal = 'declined' | 'exists' | 'failed';
type Answer<T> = { ok: true; response: T } | { ok: false; refusal: PasskeyRefusal };

/** Whether this browser can use passkeys at all. */
export const browserHasPasskeys = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

const refusalOf = (error: unknown): PasskeyRefusal => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidStateError') return 'exists';
  return name === 'NotAllowedError' || name === 'AbortError' ? 'declined' : 'failed';
};

/** Asks the browser for a new passkey (`navigator.credentials.create()`). */
export async function createPasskey(
  options: PasskeyCreationOptions,
): Promise<Answer<PasskeyRegistrationResponse>> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    const response = await startRegistration({ optionsJSON: options });
    return { ok: true, response };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}

/** Asks the browser to sign the challenge with a passkey (`navigator.credentials.get()`). */
export async function signWithPasskey(
  options: PasskeyRequestOptions,
): Promise<Answer<PasskeyAuthenticationResponse>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    const response = await startAuthentication({ optionsJSON: options });
    return { ok: true, response };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}
