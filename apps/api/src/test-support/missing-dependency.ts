// eslint-disable-next-line no-restricted-properties -- tests choose their real parts here
const underCi = process.env['CI'] === 'true';

/**
 * Says whether a test must skip for want of a program the machine lacks. Under CI nothing skips
 * silently: `.ci/run` installs every such program, so a missing one fails the run instead.
 */
export function skipsWithout(present: boolean, missing: string): boolean {
  if (present) return false;
  if (underCi) throw new Error(`${missing}, and CI runs every test: .ci/run must install it`);
  console.warn(`\n*** SKIPPED: ${missing} ***\n`);
  return true;
}
