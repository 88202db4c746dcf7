export * from './bracket.js';
export * from './cutOutlook.js';
export * from './playoff.js';
export * from './playoffPlan.js';
export * from './cutOutlookNow.js';
export * from './frozenSeeding.js';
