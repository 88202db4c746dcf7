/** npm start keeps serving when the demo cannot be seeded, and says why, instead of stopping every emulator. */
import { describe, expect, it } from 'vitest';
import { seedOrReport } from '../demo/seedOrReport.js';

describe('the demo seeding of npm start', () => {
  it('reports a failed seeding with its reason and carries on without a demo', async () => {
    const reported: string[] = [];
    const seeded = seedOrReport(
      () => Promise.reject(new Error('createTournament: permission-denied')),
      (message) => reported.push(message),
    );
    await expect(seeded).resolves.toBeUndefined();
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(/^The demo could not be seeded: createTournament: permission-denied/);
    expect(reported[0]).toContain('keep running');
  });

  it('hands back the demo when the seeding works, reporting nothing', async () => {
    const reported: string[] = [];
    await expect(
      seedOrReport(
        () => Promise.resolve({ tournamentId: 't1' }),
        (m) => reported.push(m),
      ),
    ).resolves.toEqual({
      tournamentId: 't1',
    });
    expect(reported).toEqual([]);
  });
});
