export * from './exchange.js';
export * from './importChecks.js';
export * from './scenario.js';
export * from './trf.js';
export * from './trfRead.js';
export * from './trfScenario.js';
export * from './trfWrite.js';
export * from './trfExport.js';
