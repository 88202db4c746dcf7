import type { CompetitionPolicy } from './policy.js';

/** A withdrawal, or one taken back: nothing when the participant is already so; otherwise what to write. */
export type WithdrawalPlan<P, S> =
  | { changed: false }
  | {
      changed: true;
      participant: P;
      /** The participant's standings row with the flag, when it has one. */
      standing: S | undefined;
      /**
       * A drop-out trend moves the Buchholz of everyone the participant met (docs/tiebreaks.md): the rows are folded
       * again from every result, in bounded commits, after the withdrawal is written.
       */
      replay: boolean;
    };

/**
 * A withdrawn player keeps his results and is not paired again; a withdrawal taken back pairs him again from the
 * next round (docs/organisation.md#withdrawals).
 */
export function planWithdrawal<P extends { withdrawn?: boolean | undefined }, S extends { withdrawn: boolean }>(
  policy: CompetitionPolicy,
  participant: P,
  standing: S | undefined,
  withdrawn: boolean,
): WithdrawalPlan<P, S> {
  if ((participant.withdrawn ?? false) === withdrawn) return { changed: false };
  return {
    changed: true,
    participant: { ...participant, withdrawn },
    standing: standing && { ...standing, withdrawn },
    replay: policy.victoryPolicy.buchholzDropOut !== 'NONE',
  };
}
