import { randomInt } from 'node:crypto';
import { createSealer } from '../credentials/sealing';

// No 0/O, 1/l/I: the password is read off a printed list and typed on a phone.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** `Kp7w-Rm3x-9Tqa`: 12 random characters (about 70 bits) in groups of four, from a CSPRNG. */
export function newInitialPassword(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/**
 * Initial passwords wait for the one download sealed under a key of their own, bound to their
 * request and student: a sealed value copied to another row does not open.
 */
export function createInitialPasswordSealer(tokenSecret: string) {
  const sealer = createSealer(tokenSecret, 'student-initial-password');
  const label = (requestId: number, personId: number) => `request:${requestId}:person:${personId}`;
  return {
    seal: (requestId: number, personId: number, password: string) =>
      sealer.seal(label(requestId, personId), password),
    open: (requestId: number, personId: number, sealed: string) =>
      sealer.open(label(requestId, personId), sealed),
  };
}
export type InitialPasswordSealer = ReturnType<typeof createInitialPasswordSealer>;
