export * from './policy.js';
export * from './tiebreakReads.js';
