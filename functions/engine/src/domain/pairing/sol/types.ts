import type { FieldPlayer } from '../field.js';

export interface SolPairs {
  bye: FieldPlayer | null;
  pairs: [FieldPlayer, FieldPlayer][];
}
