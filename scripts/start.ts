/** npm start: until the local Firebase stack lands, the engine demo. */
import { runDemo } from './demo.js';

runDemo();
