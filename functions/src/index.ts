/**
 * Cloud Functions entry point. The rating/standings engine and the pairing engine live in ./domain (pure
 * TypeScript); the Firestore trigger and the callables that wrap them are exported from here.
 */
export {};
