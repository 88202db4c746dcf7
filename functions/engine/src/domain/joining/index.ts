export * from './checkIn.js';
export * from './claimCodes.js';
export * from './claims.js';
export * from './duplicates.js';
export * from './joining.js';
export * from './registrations.js';
export * from './withdrawal.js';
