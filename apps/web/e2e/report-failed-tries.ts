import { beforeEach } from 'vitest';

// vitest reports a journey that failed and then passed on its retry as passed, without the first
// try's error. Say it on stderr, so that a step that fails now and then can be found from the CI
// log of any run.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(({ task: failed }) => {
    const tries = (failed.result?.retryCount ?? 0) + 1;
    const errors = (failed.result?.errors ?? []).map((error) => error.stack ?? error.message);
    console.error(`[e2e] try ${tries} of "${task.name}" failed:\n${errors.join('\n')}`);
  });
});
