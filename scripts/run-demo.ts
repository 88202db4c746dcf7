/** npm run demo: the engine-only demo (a simulated 16-player Swiss through the rating and pairing engines, no Firebase). */
import { runDemo } from './demo.js';

runDemo();
