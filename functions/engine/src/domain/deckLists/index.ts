export * from './deckList.js';
export * from './deadline.js';
export * from './changes.js';
