import { foldCompetition } from '../ratings/index.js';
import { mainStageLeaderboard } from '../standings/index.js';
import { mainStageRounds, nextRoundKind, playoffOf, playoffRound, playoffSeeding } from '../playoff/index.js';
import { type Competition, type NextRoundOptions, pairingRequestFor } from './fromCompetition.js';
import type { PairingRound, PairingSpec, System } from '../pairing/index.js';
import { pairMainStageRound } from './scheduledByes.js';
import type { DecidedBye } from '../results/index.js';

/** Where a playoff round sits: its number in the playoff, the main stage's rounds and (first round) the seeding. */
export interface RoundPlayoff {
  playoffRound: number;
  mainRounds: number;
  /** The main stage's ranking the playoff is seeded from, frozen with the playoff's first round. */
  seeding?: string[];
}

export interface StagedRound {
  round: PairingRound;
  playoff: RoundPlayoff | null;
  /** The players who sit this round out with a bye decided before it (docs/pairing.md#awarded-byes). */
  scheduledByes: DecidedBye[];
}

export interface TournamentStage {
  system: System;
  totalRounds?: number;
  /** The seeding frozen with the playoff's first round, once it exists. */
  seeding?: readonly string[];
}

/**
 * Pairs a tournament's next round: a round of its main stage with its own method, or, after the main stage's last
 * round, a round of the playoff its options ask for (docs/playoff.md). The playoff is seeded from the standings of
 * the main stage's rounds alone, frozen when its first round is paired, so a later correction or withdrawal never
 * reshapes a bracket already under way.
 */
export function pairNextRound(
  competition: Competition,
  spec: PairingSpec,
  stage: TournamentStage,
  options: NextRoundOptions & { roundNumber: number },
): StagedRound {
  const request = pairingRequestFor(competition, spec, options);
  const playoff = playoffOf(stage.system, spec);
  const mainStage = () => ({ ...pairMainStageRound(request, competition.participants), playoff: null });
  if (playoff === null) return mainStage();
  const mainRounds = mainStageRounds(
    stage.system,
    stage.totalRounds,
    competition.participants.length,
    spec.cycles ?? 1,
  );
  const next = nextRoundKind(options.roundNumber, mainRounds, playoff);
  if (next.stage === 'MAIN') return mainStage();
  const first = next.playoffRound === 1 || stage.seeding === undefined;
  const seeding = first
    ? playoffSeeding(
        mainStageLeaderboard(
          competition.policy,
          foldCompetition(competition.policy, competition.participants, competition.matchUps),
          mainRounds,
          { withdrawn: competition.participants.filter((p) => p.withdrawn).map((p) => p.participantId) },
        ),
      )
    : [...stage.seeding!];
  return {
    round: playoffRound(request, seeding, mainRounds, playoff),
    playoff: { playoffRound: next.playoffRound, mainRounds, ...(first ? { seeding } : {}) },
    scheduledByes: [],
  };
}
