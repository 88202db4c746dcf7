import { setGlobalOptions } from 'firebase-functions/v2';
import { FUNCTIONS_REGION, MAX_INSTANCES } from '@competition/engine';

// Imported first by the entry point: every function defined after it takes these.
setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: MAX_INSTANCES });
