import { describe, expect, it } from 'vitest';
import { enforcesAppCheck } from '@competition/engine';

describe('App Check enforcement of the callables', () => {
  it('is on in production unless the project turns it off', () => {
    expect(enforcesAppCheck({})).toBe(true);
    expect(enforcesAppCheck({ ENFORCE_APP_CHECK: 'false' })).toBe(false);
  });

  it('is off on the Functions emulator unless configured on', () => {
    expect(enforcesAppCheck({ FUNCTIONS_EMULATOR: 'true' })).toBe(false);
    expect(enforcesAppCheck({ FUNCTIONS_EMULATOR: 'true', ENFORCE_APP_CHECK: 'true' })).toBe(true);
  });
});
