/**
 * The process environment the local stack runs the functions in: the same switches the official Functions
 * emulator sets (firebase-tools' functions emulator runtime), pointed at the embedded Firestore server.
 *
 * firebase-functions reads FIREBASE_DEBUG_MODE / FIREBASE_DEBUG_FEATURES once, when it is first loaded
 * (lib/common/debug.js), so this must run before anything imports firebase-functions.
 */

export const DEFAULT_PROJECT_ID = 'demo-competition';
export const DEFAULT_REGION = 'us-central1';

/** The debug features the Functions emulator enables: ID tokens are decoded, not verified; CORS is open. */
export const EMULATOR_DEBUG_FEATURES = { skipTokenVerification: true, enableCors: true } as const;

export function emulatorEnv(projectId: string, firestoreAddress: string): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: firestoreAddress,
    GCLOUD_PROJECT: projectId,
    GOOGLE_CLOUD_PROJECT: projectId,
    FIREBASE_CONFIG: JSON.stringify({ projectId }),
    FUNCTIONS_EMULATOR: 'true',
    FIREBASE_DEBUG_MODE: 'true',
    FIREBASE_DEBUG_FEATURES: JSON.stringify(EMULATOR_DEBUG_FEATURES),
    // Every new gRPC stub of the Firestore client asks google-auth-library for the universe domain, which
    // probes the GCE metadata server even in emulator mode; locally there is none to ask.
    METADATA_SERVER_DETECTION: process.env['METADATA_SERVER_DETECTION'] ?? 'none',
  };
}

/** Sets the variables and returns a function that puts the previous values back. */
export function applyEnv(vars: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(vars)) {
    previous.set(key, process.env[key]);
    process.env[key] = value;
  }
  return () => {
    for (const [key, value] of previous) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
