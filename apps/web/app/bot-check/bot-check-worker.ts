/// <reference lib="webworker" />
import type { Challenge } from 'altcha-lib';
import { solveToPayload } from '~/bot-check/bot-check-solver';

// The proof of work hashes tens of thousands of times: off the main thread, typing stays smooth.
self.onmessage = async (event: MessageEvent<{ challenge: Challenge }>) => {
  try {
    self.postMessage({ payload: await solveToPayload(event.data.challenge) });
  } catch {
    self.postMessage({ payload: null });
  }
};
