/** Runs a command-line tool: JSON on stdout when it succeeds, one clear line on stderr and exit 1 when not. */
export function runCli(main: () => unknown): void {
  try {
    const output = main();
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
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
