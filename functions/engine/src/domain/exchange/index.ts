export * from './exchange.js';
export * from './importChecks.js';
export * from './scenario.js';
