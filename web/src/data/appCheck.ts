/**
 * App Check: proves to the callables (and to Firestore, once enforced there; see docs/operations.md) that a request
 * comes from this dashboard. Loaded with its own chunk, so the first screen does not carry it.
 *
 * - In production, reCAPTCHA Enterprise with the site key of the build's environment (VITE_APPCHECK_SITE_KEY).
 * - On the emulators and in the tests, the debug provider, when the build is given a debug token
 *   (VITE_APPCHECK_DEBUG_TOKEN: a token registered in the console, or `true` to have the SDK make one and log it).
 * - Otherwise App Check stays off: the emulators do not enforce it unless configured to.
 */
import type { FirebaseApp } from 'firebase/app';

export type AppCheckPlan =
  | { provider: 'RECAPTCHA_ENTERPRISE'; siteKey: string }
  | { provider: 'DEBUG'; debugToken: string | true; siteKey: string }
  | { provider: 'NONE' };

/** A key the debug provider is built with on the emulators: debug mode never asks reCAPTCHA for a token. */
const EMULATOR_SITE_KEY = 'emulator-site-key';

export function appCheckPlan(env: Record<string, unknown>, onEmulators: boolean): AppCheckPlan {
  const siteKey = typeof env.VITE_APPCHECK_SITE_KEY === 'string' ? env.VITE_APPCHECK_SITE_KEY.trim() : '';
  const debug = typeof env.VITE_APPCHECK_DEBUG_TOKEN === 'string' ? env.VITE_APPCHECK_DEBUG_TOKEN.trim() : '';
  if (debug && (onEmulators || !siteKey))
    return { provider: 'DEBUG', debugToken: debug === 'true' ? true : debug, siteKey: siteKey || EMULATOR_SITE_KEY };
  if (siteKey && !onEmulators) return { provider: 'RECAPTCHA_ENTERPRISE', siteKey };
  return { provider: 'NONE' };
}

/** Starts App Check on the app as planned; resolves once the SDK is loaded and activated (not once a token is). */
export async function startAppCheck(app: FirebaseApp, plan: AppCheckPlan): Promise<boolean> {
  if (plan.provider === 'NONE') return false;
  if (plan.provider === 'DEBUG')
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | true }).FIREBASE_APPCHECK_DEBUG_TOKEN = plan.debugToken;
  const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
  initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(plan.siteKey),
    isTokenAutoRefreshEnabled: true,
  });
  return true;
}
