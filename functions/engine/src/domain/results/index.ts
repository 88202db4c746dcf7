export * from './acceptance.js';
export * from './confirmation.js';
export * from './matchUps.js';
export * from './problems.js';
export * from './resultHistory.js';
export * from './results.js';
export * from './sameResult.js';
export * from './sides.js';
