export * from './championships.js';
export * from './clubs.js';
export * from './deletion.js';
export * from './invitationLifecycle.js';
export * from './invitations.js';
export * from './rateLimit.js';
export * from './setupCorrections.js';
export * from './tournaments.js';
