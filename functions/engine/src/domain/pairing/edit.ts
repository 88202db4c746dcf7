import { z } from 'zod';
import { DocumentId } from '../common/index.js';

/** A pairing edit as the organizer asks for it (docs/pairing.md#pairing-edits); edits.ts applies and checks it. */
const PlayerId = DocumentId;

export const PairingEdit = z.discriminatedUnion('kind', [
  /** Two players exchange places: tables, sides, or the bye. */
  z.object({ kind: z.literal('SWAP'), first: PlayerId, second: PlayerId }).strict(),
  /** The player takes the bye; whoever had it takes the player's seat. */
  z.object({ kind: z.literal('GIVE_BYE'), player: PlayerId }).strict(),
  /** The player loses the bye and plays a waiting player, or waits for one. */
  z.object({ kind: z.literal('TAKE_BYE'), player: PlayerId }).strict(),
  /** The two meet; their former opponents meet each other (or wait when only one is left). */
  z.object({ kind: z.literal('PAIR'), first: PlayerId, second: PlayerId }).strict(),
  /** A late or absent player leaves the round; the opponent waits for a new one. */
  z.object({ kind: z.literal('REMOVE'), player: PlayerId }).strict(),
  /** A late entry joins: plays a waiting player, else the one who had the bye, else waits. */
  z.object({ kind: z.literal('ADD'), player: PlayerId }).strict(),
]);
export type PairingEdit = z.infer<typeof PairingEdit>;
