/**
 * Shared helpers of the Emulator Suite tier (`npm run test:emulators`): where the emulators are, the rules
 * test environment, and one seeded tournament with every collection of the data model.
 *
 * These files run only inside `firebase emulators:exec` (scripts/emulators/run.ts), which sets
 * FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_EMULATOR_HUB and GCLOUD_PROJECT. `npm test`
 * type-checks them and does not run them.
 */
import { readFileSync } from 'node:fs';
import {
  type RulesTestContext,
  type RulesTestEnvironment,
  initializeTestEnvironment,
  withFunctionTriggersDisabled,
} from '@firebase/rules-unit-testing';
import { type DocumentData, type Firestore, doc, writeBatch } from 'firebase/firestore';
import { editorUidsFor } from '../../src/access/permissions.js';
import { tiebreakContext, standingValues } from '../../src/domain/leaderboard.js';
import { type CompetitionPolicy, presetPolicy } from '../../src/domain/policy.js';
import { initialParticipantState } from '../../src/domain/state.js';
import { ChampionshipDoc, TournamentKeyDoc } from '../../src/model/championship.js';
import { ClubDoc } from '../../src/model/club.js';
import { AppliedDoc, StandingDoc, StateDoc } from '../../src/model/derived.js';
import { MatchUpDoc } from '../../src/model/matchUp.js';
import { ParticipantDoc } from '../../src/model/participant.js';
import { paths } from '../../src/model/paths.js';
import { RoundDoc } from '../../src/model/round.js';
import { ScoreProblemDoc } from '../../src/model/scoreProblem.js';
import { TournamentDoc } from '../../src/model/tournament.js';
import { toMatchUpRecord } from '../../src/services/records.js';
import { PROJECT_ID, emulatorAddress } from '../support/emulatorEnv.js';

export { PROJECT_ID, emulatorAddress } from '../support/emulatorEnv.js';

export const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

/** The rules-unit-testing environment, with firestore.rules loaded into the Firestore emulator. */
export function startRulesEnvironment(): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: RULES, ...emulatorAddress('FIRESTORE_EMULATOR_HOST') },
  });
}

/**
 * rules-unit-testing hands out the compat Firestore; the modular functions (doc, getDoc, setDoc...) accept it
 * at run time (they unwrap it), the types do not know that.
 */
export function modular(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

/** Runs setup writes without firing the deployed trigger, when the Functions emulator is there to fire it. */
export function quietly<T>(run: () => Promise<T>): Promise<T> {
  return process.env.FIREBASE_EMULATOR_HUB ? withFunctionTriggersDisabled(run) : run();
}

/** Writes documents as the backend would (rules off), in one batch. */
export async function seedDocuments(env: RulesTestEnvironment, documents: Record<string, DocumentData>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = modular(context);
    const batch = writeBatch(db);
    for (const [path, data] of Object.entries(documents)) batch.set(doc(db, path), data);
    await batch.commit();
  });
}

// ---------------------------------------------------------------- the seeded world

/** The accounts of the rules matrix. */
export const UIDS = {
  owner: 'u-owner',
  clubAdmin: 'u-club-admin',
  clubMember: 'u-club-member',
  scorekeeper: 'u-scorekeeper',
  player: 'u-player',
  opponent: 'u-opponent',
  otherPlayer: 'u-other-player',
  other: 'u-other',
} as const;

export interface WorldIds {
  clubId: string;
  championshipId: string;
  tournamentKey: string;
  tournamentId: string;
  /** The matchUp of `player` and `opponent`, round 1. */
  matchUpId: string;
  /** Another matchUp of round 1, of `otherPlayer`. */
  otherMatchUpId: string;
  /** `player`'s participant. */
  participantId: string;
  opponentId: string;
}

export interface WorldOptions {
  tournamentId?: string;
  /** The accounts of the players of the first matchUp (the trigger test signs a real one in). */
  playerUid?: string;
  opponentUid?: string;
  policy?: CompetitionPolicy;
  tournamentStatus?: TournamentDoc['status'];
  roundStatus?: RoundDoc['status'];
}

export interface World {
  ids: WorldIds;
  policy: CompetitionPolicy;
  participants: ParticipantDoc[];
  /** Path -> document, every one checked against the model's schema. */
  documents: Record<string, DocumentData>;
}

/**
 * One club (owner, one admin, members), a championship linking it, and a running tournament of four players in
 * round 1 with two matchUps, plus one document in each backend-only collection: what createTournament and
 * generateRound would have written. Every document is parsed with its model schema, so a model change that the
 * seed no longer satisfies fails here, loudly.
 */
export function buildWorld(options: WorldOptions = {}): World {
  const policy = options.policy ?? presetPolicy('REDEMPTION');
  const ids: WorldIds = {
    clubId: 'c1',
    championshipId: 'ch1',
    tournamentKey: '2025-06-01_spring-open',
    tournamentId: options.tournamentId ?? 't1',
    matchUpId: 'm1',
    otherMatchUpId: 'm2',
    participantId: 'p-player',
    opponentId: 'p-opponent',
  };
  const t = ids.tournamentId;
  const playerUid = options.playerUid ?? UIDS.player;
  const opponentUid = options.opponentUid ?? UIDS.opponent;

  const club = ClubDoc.parse({
    clubId: ids.clubId,
    name: 'Chess Club',
    ownerUid: UIDS.owner,
    adminUids: [UIDS.clubAdmin],
    memberUids: [UIDS.clubMember, playerUid],
  });
  const championship = {
    ...ChampionshipDoc.parse({ championshipId: ids.championshipId, name: 'Spring Series', ownerUid: UIDS.owner, clubIds: [ids.clubId] }),
    // Proposed model field (see firestore.rules, editsChampionship): owner + owners/admins of the linked clubs.
    editorUids: editorUidsFor(UIDS.owner, [club]),
  };
  const tournament = TournamentDoc.parse({
    tournamentId: t,
    championshipId: ids.championshipId,
    date: '2025-06-01',
    description: 'Spring Open',
    hostClubId: ids.clubId,
    location: 'Hall A',
    system: 'SWISS',
    pairing: { method: 'SWISS' },
    ownerUid: UIDS.owner,
    clubIds: [ids.clubId],
    editorUids: editorUidsFor(UIDS.owner, [club]),
    scorekeeperUids: [UIDS.scorekeeper],
    policy,
    totalRounds: 3,
    status: options.tournamentStatus ?? 'RUNNING',
    currentRound: 1,
  });
  const participants = [
    ParticipantDoc.parse({ participantId: ids.participantId, name: 'Player', rating: 1600, uid: playerUid }),
    ParticipantDoc.parse({ participantId: ids.opponentId, name: 'Opponent', rating: 1550, uid: opponentUid }),
    ParticipantDoc.parse({ participantId: 'p-other-player', name: 'Other Player', rating: 1500, uid: UIDS.otherPlayer }),
    ParticipantDoc.parse({ participantId: 'p-fourth', name: 'Fourth', rating: 1450 }),
  ];
  const round = RoundDoc.parse({
    roundNumber: 1,
    status: options.roundStatus ?? 'OPEN',
    method: 'SWISS',
    seed: 42,
    matchUpCount: 2,
    requestId: 'req-round-1',
    generatedBy: UIDS.owner,
    generatedAt: '2025-06-01T09:00:00.000Z',
  });
  const matchUps = [
    MatchUpDoc.parse({
      matchUpId: ids.matchUpId,
      roundNumber: 1,
      order: 0,
      a: ids.participantId,
      b: ids.opponentId,
      playerUids: [playerUid, opponentUid],
    }),
    MatchUpDoc.parse({
      matchUpId: ids.otherMatchUpId,
      roundNumber: 1,
      order: 1,
      a: 'p-other-player',
      b: 'p-fourth',
      playerUids: [UIDS.otherPlayer],
    }),
  ];
  const states = participants.map((participant) => StateDoc.parse(initialParticipantState(participant, policy)));
  const context = tiebreakContext(policy, Object.fromEntries(states.map((state) => [state.participantId, state])));
  const standings = states.map((state, index) =>
    StandingDoc.parse({ ...standingValues(policy, state, context), name: participants[index]?.name ?? state.participantId }),
  );

  const documents: Record<string, DocumentData> = {
    [paths.club(ids.clubId)]: club,
    [paths.championship(ids.championshipId)]: championship,
    [paths.tournamentKey(ids.championshipId, ids.tournamentKey)]: TournamentKeyDoc.parse({ tournamentId: t }),
    [paths.tournament(t)]: tournament,
    [paths.round(t, 1)]: round,
    [paths.applied(t, ids.otherMatchUpId)]: AppliedDoc.parse(toMatchUpRecord(matchUps[1]!)),
    [paths.request(t, 'req-round-1')]: { done: true, at: '2025-06-01T09:00:00.000Z' },
    [paths.scoreProblem(t, ids.otherMatchUpId)]: ScoreProblemDoc.parse({
      matchUpId: ids.otherMatchUpId,
      roundNumber: 1,
      kind: 'REFUSED_RESULT',
      message: 'its result counts as none: a played result needs a score or a winner',
      at: '2025-06-01T10:00:00.000Z',
    }),
  };
  for (const participant of participants) documents[paths.participant(t, participant.participantId)] = participant;
  for (const matchUp of matchUps) documents[paths.matchUp(t, matchUp.matchUpId)] = matchUp;
  for (const state of states) documents[paths.state(t, state.participantId)] = state;
  for (const standing of standings) documents[paths.standing(t, standing.participantId)] = standing;
  return { ids, policy, participants, documents: withoutUndefined(documents) };
}

/** Firestore refuses `undefined` values; zod output leaves optional fields absent, this makes sure of it. */
function withoutUndefined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
