export * from './checkIn.js';
export * from './claimCodes.js';
export * from './duplicates.js';
export * from './joining.js';
export * from './withdrawal.js';
