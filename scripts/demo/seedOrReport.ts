/**
 * The demo's seeding, reported instead of thrown: when the emulators started but the demo could not be entered
 * (a callable refused, a client connected too early), `npm start` says what failed and keeps serving, empty.
 */
export async function seedOrReport<T>(
  seed: () => Promise<T>,
  report: (message: string) => void = (message) => console.error(message),
): Promise<T | undefined> {
  try {
    return await seed();
  } catch (error) {
    report(
      `The demo could not be seeded: ${error instanceof Error ? error.message : String(error)}\n` +
        'The emulators keep running without it (restart with --no-seed to skip the demo).',
    );
    return undefined;
  }
}
