/**
 * Runs a command-line entry point: its answer is the exit code; an unexpected error prints its
 * message (never a stack with values in it) and exits 2.
 */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
