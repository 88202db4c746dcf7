import { describe, expect, it } from 'vitest';
import { appCheckPlan } from '../../src/data/appCheck';

describe('which App Check provider the dashboard starts', () => {
  it('uses reCAPTCHA Enterprise with the build’s site key in production', () => {
    expect(appCheckPlan({ VITE_APPCHECK_SITE_KEY: '6Lc-site-key' }, false)).toEqual({
      provider: 'RECAPTCHA_ENTERPRISE',
      siteKey: '6Lc-site-key',
    });
  });

  it('uses the debug provider with the debug token on the emulators, even in a build with a site key', () => {
    const env = { VITE_APPCHECK_SITE_KEY: '6Lc-site-key', VITE_APPCHECK_DEBUG_TOKEN: '0b0e-debug' };
    expect(appCheckPlan(env, true)).toEqual({ provider: 'DEBUG', debugToken: '0b0e-debug', siteKey: '6Lc-site-key' });
    expect(appCheckPlan({ VITE_APPCHECK_DEBUG_TOKEN: 'true' }, true)).toMatchObject({ debugToken: true });
  });

  it('never sends the production site key from the emulators, and starts nothing unconfigured', () => {
    expect(appCheckPlan({ VITE_APPCHECK_SITE_KEY: '6Lc-site-key' }, true)).toEqual({ provider: 'NONE' });
    expect(appCheckPlan({}, false)).toEqual({ provider: 'NONE' });
  });
});
