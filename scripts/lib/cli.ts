/** Runs a command-line tool: JSON on stdout when it succeeds, one clear line on stderr and exit 1 when not. */
export function runCli(main: () => unknown): void {
  runTextCli(() => `${JSON.stringify(main(), null, 2)}\n`);
}

/** Runs a tool whose answer is a file's text (a TRF, an EGD file): written as is, failing as runCli does. */
export function runTextCli(main: () => string): void {
  try {
    process.stdout.write(main());
  } catch (error) {
    const message =
      error instanceof SyntaxError
        ? `not valid JSON: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  }
}
