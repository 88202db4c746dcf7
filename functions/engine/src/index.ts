/**
 * The competition engine for the Cloud Functions and the tools: every decision on plain data, one folder per
 * concept under domain/ (docs/architecture.md), who may do what (access/), generated events (simulation/) and
 * `Tournament`, which runs a whole event in memory. The document schemas are the other entry point
 * (`@competition/engine/schemas`); the dashboard's first screen reads `@competition/engine/view`.
 */
export * from './domain/common/index.js';
export * from './domain/pairing/index.js';
export * from './domain/policy/index.js';
export * from './domain/results/index.js';
export * from './domain/ratings/index.js';
export * from './domain/joining/index.js';
export * from './domain/standings/index.js';
export * from './domain/playoff/index.js';
export * from './domain/rounds/index.js';
export * from './domain/processing/index.js';
export * from './domain/organisation/index.js';
export * from './domain/deckLists/index.js';
export * from './domain/exchange/index.js';
export * from './access/index.js';
export * from './simulation/index.js';
export * from './deployment.js';
export * from './tournament.js';
