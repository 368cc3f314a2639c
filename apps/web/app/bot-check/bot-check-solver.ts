import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * Solves an ALTCHA v2 challenge and returns the payload the API expects in `altcha`:
 * base64 of JSON `{challenge, solution}`, or null when no solution was found in time.
 */
export async function solveToPayload(
  challenge: Challenge,
  controller?: AbortController,
): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
