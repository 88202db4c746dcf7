export * from './change.js';
export * from './replayPlan.js';
export * from './scoreEvent.js';
