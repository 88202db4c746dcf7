export * from './closing.js';
export * from './editable.js';
export * from './fromCompetition.js';
export * from './method.js';
export * from './nextRound.js';
export * from './roundLifecycle.js';
export * from './roundNumber.js';
export * from './undo.js';
