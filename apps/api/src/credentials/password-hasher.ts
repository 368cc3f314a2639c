import { hash, verify } from '@node-rs/argon2';
import { createWorkSlots } from '../http/work-slots';

// The package's `Algorithm` is a const enum that isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
// OWASP's argon2id setting: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

type Options = {
  /** Hashes at once. argon2 runs off the event loop, but on a 2-core machine two hashes at a
   *  time would take every core from the requests around them: one at a time leaves one. */
  concurrency?: number;
  /** Waiting hashes beyond this are refused (503) rather than queued for minutes. */
  maxWaiting?: number;
};

/** argon2id hashing on the libuv pool with bounded concurrency, so resets cannot starve lookups. */
export function createPasswordHasher({ concurrency = 1, maxWaiting = 64 }: Options = {}) {
  const withSlot = createWorkSlots({ concurrency, maxWaiting });

  return {
    hash: (password: string) => withSlot(() => hash(password, ARGON2)),
    verify: (hashed: string, password: string) => withSlot(() => verify(hashed, password)),
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
