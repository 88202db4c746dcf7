export * from './handicap.js';
export * from './mms.js';
export * from './rank.js';
export * from './settings.js';
