/**
 * The one allow/deny table that `permissions.ts` (for the callables, functions/test/access/permissions.test.ts)
 * and `firestore.rules` (for direct client writes, functions/test/emulators/rules.test.ts) must both satisfy,
 * in the world of ./world.ts. Each side turns an action into its own question; neither may answer otherwise.
 */
import type { Actor } from './world.js';

export type AccessAction =
  | 'edit the tournament'
  | 'read the tournament roles of others'
  | 'score the game of player and opponent'
  | 'score the game of otherPlayer'
  | 'change the bye of byePlayer'
  | "read player's deck list before the lists are published"
  | 'edit the championship'
  | 'run the club';

export interface AccessRow {
  action: AccessAction;
  allowed: readonly Actor[];
}

const EDITORS: readonly Actor[] = ['owner', 'clubAdmin'];

export const ACCESS_TABLE: readonly AccessRow[] = [
  { action: 'edit the tournament', allowed: EDITORS },
  { action: 'read the tournament roles of others', allowed: EDITORS },
  { action: 'score the game of player and opponent', allowed: [...EDITORS, 'scorekeeper', 'player', 'opponent'] },
  { action: 'score the game of otherPlayer', allowed: [...EDITORS, 'scorekeeper', 'otherPlayer'] },
  // A bye is the pairing's decision: not its player's, nor a scorekeeper's.
  { action: 'change the bye of byePlayer', allowed: EDITORS },
  // A deck list is private to its player and staff until the organizer publishes the lists.
  {
    action: "read player's deck list before the lists are published",
    allowed: [...EDITORS, 'scorekeeper', 'player'],
  },
  { action: 'edit the championship', allowed: EDITORS },
  { action: 'run the club', allowed: EDITORS },
];
