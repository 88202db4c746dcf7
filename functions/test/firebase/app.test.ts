/**
 * The default app on the emulators names the task queue's account itself, so enqueueing a pages rebuild never asks
 * a cloud machine's metadata server (docs/standings-updates.md#pages); in production the environment decides.
 */
import { describe, expect, it } from 'vitest';
import { EMULATED_SERVICE_ACCOUNT, emulatorAppOptions } from '../../src/firebase/app.js';

describe('the default app', () => {
  it('on the emulators, names the account and keeps the project of FIREBASE_CONFIG', () => {
    const env = {
      CLOUD_TASKS_EMULATOR_HOST: '127.0.0.1:9499',
      FIREBASE_CONFIG: '{"projectId":"demo-competition","storageBucket":"demo-competition.appspot.com"}',
    };
    expect(emulatorAppOptions(env)).toEqual({
      projectId: 'demo-competition',
      storageBucket: 'demo-competition.appspot.com',
      serviceAccountId: EMULATED_SERVICE_ACCOUNT,
    });
  });

  it('without the task queue emulator, leaves everything to the environment', () => {
    expect(emulatorAppOptions({ FIREBASE_CONFIG: '{"projectId":"a-real-project"}' })).toBeUndefined();
  });
});
