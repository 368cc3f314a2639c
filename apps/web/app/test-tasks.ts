/** For tests: resolves after `count` tasks (`setTimeout` turns), so work queued in them has run. */
export async function tasks(count: number): Promise<void> {
  for (let task = 0; task < count; task += 1) await new Promise((r) => setTimeout(r, 0));
}
