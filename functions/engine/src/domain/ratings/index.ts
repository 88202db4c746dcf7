export * from './fold.js';
export * from './participants.js';
export * from './ratings.js';
export * from './state.js';
