export * from './deletion.js';
export * from './invitations.js';
export * from './rateLimit.js';
export * from './setupCorrections.js';
