export * from './generate.js';
export * from './simulate.js';
