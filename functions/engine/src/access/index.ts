export * from './permissions.js';
export * from './roles.js';
export * from './scorer.js';
