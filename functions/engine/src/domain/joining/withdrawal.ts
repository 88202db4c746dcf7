import { DomainError } from '../common/index.js';
import { type CompetitionPolicy, withdrawalMovesOthers } from '../policy/index.js';

/** A withdrawal, or one taken back: nothing when the participant is already so; otherwise what to write. */
export type WithdrawalPlan<P, S> =
  | { changed: false }
  | {
      changed: true;
      participant: P;
      /** The participant's standings row with the flag, when it has one. */
      standing: S | undefined;
      /**
       * A drop-out trend or resistance moves the tiebreaks of everyone the participant met (docs/tiebreaks.md): the
       * rows are folded again from every result, in bounded commits, after the withdrawal is written.
       */
      replay: boolean;
    };

/**
 * A withdrawn player keeps his results and is not paired again; a withdrawal taken back pairs him again from the
 * next round (docs/organisation.md#withdrawals).
 */
export function planWithdrawal<
  P extends { withdrawn?: boolean | undefined; droppedAt?: number | undefined },
  S extends { withdrawn: boolean },
>(policy: CompetitionPolicy, participant: P, standing: S | undefined, withdrawn: boolean): WithdrawalPlan<P, S> {
  if ((participant.withdrawn ?? false) === withdrawn) return { changed: false };
  // Taken back, a drop is forgotten: the player plays on as if they had never left.
  const { droppedAt: _droppedAt, ...kept } = participant;
  return {
    changed: true,
    participant: { ...(withdrawn ? participant : (kept as P)), withdrawn },
    standing: standing && { ...standing, withdrawn },
    replay: withdrawalMovesOthers(policy),
  };
}

/**
 * A player drops themselves, as MTR 2.10 lets them: a withdrawal stamped with when, which takes effect before the
 * next pairing. A game of the round being played stays theirs to finish and score (a withdrawn player keeps his
 * results). Only a running tournament is left this way; only the organizer takes a drop back.
 */
export function planDropOut<
  P extends { withdrawn?: boolean | undefined; droppedAt?: number | undefined },
  S extends { withdrawn: boolean },
>(
  tournament: { status: string; policy: CompetitionPolicy },
  participant: P,
  standing: S | undefined,
  now: number,
): WithdrawalPlan<P, S> & { changed: true } {
  if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
  if (tournament.status !== 'RUNNING')
    throw new DomainError(
      'failed-precondition',
      'this tournament has not started: ask the organizer to take your entry out before round 1',
    );
  if (participant.withdrawn) throw new DomainError('failed-precondition', 'you have already dropped out');
  const plan = planWithdrawal(tournament.policy, participant, standing, true);
  if (!plan.changed) throw new DomainError('failed-precondition', 'you have already dropped out');
  return { ...plan, participant: { ...plan.participant, droppedAt: now } };
}
