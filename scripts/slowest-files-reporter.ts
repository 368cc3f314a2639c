import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 12;

/**
 * Names the slowest test files at the end of a run, so a CI log says where the suite's time
 * goes without anyone re-running it with a profiler.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules
      .map((module) => ({
        file: path.relative(process.cwd(), module.moduleId),
        seconds: module.diagnostic().duration / 1000,
        tests: [...module.children.allTests()].length,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    console.log(
      `\nSlowest test files (${files.length} files, ${total.toFixed(0)} s of file time in all):`,
    );
    for (const { file, seconds, tests } of files.slice(0, SHOWN)) {
      console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file} (${tests} tests)`);
    }
  }
}
