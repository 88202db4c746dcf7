/**
 * What the emulators load, built once: the functions (functions/lib) and the dashboard (web/dist). npm test builds
 * them before its tiers start, so that the stacks it runs side by side find them built and none rebuilds them under
 * another.
 */
import { buildFunctions, buildWeb } from './suite.js';

buildFunctions();
buildWeb();
