import { afterAll } from 'vitest';

/**
 * Preact runs effects after the next frame, with a 35 ms timer as its fallback. A render in a
 * file's last moments leaves that timer pending; fired after vitest has removed jsdom's globals,
 * it throws (`cancelAnimationFrame is not defined`) and fails the run. Let it fire first.
 */
const PREACT_AFTER_PAINT_FALLBACK_MS = 35;

afterAll(() => new Promise((resolve) => setTimeout(resolve, PREACT_AFTER_PAINT_FALLBACK_MS * 3)));
