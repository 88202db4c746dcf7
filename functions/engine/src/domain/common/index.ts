export * from './documentId.js';
export * from './documentSize.js';
export * from './errors.js';
export * from './limits.js';
export * from './messages.js';
