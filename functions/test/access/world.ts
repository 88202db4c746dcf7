/**
 * One small world of accounts and documents, as the callables would have written it: a club (owner, admin,
 * members), a championship linking it, a running tournament of five players in round 1 (two games and a bye),
 * the role documents derived from all that by the backend's own derivations, and one document in each
 * backend-only collection. Every document is parsed with its model schema, so a model change the world no
 * longer satisfies fails here, loudly. Pure data: the permissions unit test and the rules tests share it.
 */
import {
  clubRunners,
  type CompetitionPolicy,
  editorsOf,
  initialParticipantState,
  nextTournamentRoles,
  presetPolicy,
  scorerOf,
  standingValues,
  tiebreakContext,
} from '@competition/engine';
import {
  AppliedDoc,
  ChampionshipDoc,
  ChampionshipEditorDoc,
  ClubDoc,
  ClubMemberDoc,
  MatchUpDoc,
  ParticipantDoc,
  paths,
  RoundDoc,
  ScoreProblemDoc,
  type Scorer,
  StandingDoc,
  StandingsPageDoc,
  StateDoc,
  TournamentDoc,
  TournamentKeyDoc,
  type TournamentRoleDoc,
} from '@competition/engine/schemas';
import { toMatchUpRecord } from '../../src/services/records.js';

/** The accounts of the world. The tournament's owner also owns the club and the championship. */
export const UIDS = {
  owner: 'u-owner',
  clubAdmin: 'u-club-admin',
  clubMember: 'u-club-member',
  scorekeeper: 'u-scorekeeper',
  player: 'u-player',
  opponent: 'u-opponent',
  otherPlayer: 'u-other-player',
  byePlayer: 'u-bye-player',
  other: 'u-other',
} as const;

export const ACTORS = ['anonymous', ...(Object.keys(UIDS) as Array<keyof typeof UIDS>)] as const;
export type Actor = (typeof ACTORS)[number];

export const uidOf = (actor: Actor): string | null => (actor === 'anonymous' ? null : UIDS[actor]);

export interface WorldIds {
  clubId: string;
  championshipId: string;
  tournamentKey: string;
  tournamentId: string;
  /** The game of `player` and `opponent`, round 1. */
  matchUpId: string;
  /** The other game of round 1, of `otherPlayer`. */
  otherMatchUpId: string;
  /** The bye of round 1, of `byePlayer`. */
  byeMatchUpId: string;
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
  tournament: TournamentDoc;
  matchUps: MatchUpDoc[];
  round: RoundDoc;
  /** Each account's role documents, as the backend derived them. */
  members: ClubMemberDoc[];
  championshipEditors: ChampionshipEditorDoc[];
  tournamentRoles: TournamentRoleDoc[];
  /** Path -> document. */
  documents: Record<string, Record<string, unknown>>;
}

export function buildWorld(options: WorldOptions = {}): World {
  const policy = options.policy ?? presetPolicy('REDEMPTION');
  const ids: WorldIds = {
    clubId: 'c1',
    championshipId: 'ch1',
    tournamentKey: '2025-06-01_spring-open',
    tournamentId: options.tournamentId ?? 't1',
    matchUpId: 'm1',
    otherMatchUpId: 'm2',
    byeMatchUpId: 'm3',
    participantId: 'p-player',
    opponentId: 'p-opponent',
  };
  const t = ids.tournamentId;
  const playerUid = options.playerUid ?? UIDS.player;
  const opponentUid = options.opponentUid ?? UIDS.opponent;

  const club = ClubDoc.parse({ clubId: ids.clubId, name: 'Chess Club', country: 'NL' });
  const members = [
    { uid: UIDS.owner, role: 'OWNER' },
    { uid: UIDS.clubAdmin, role: 'ADMIN' },
    { uid: UIDS.clubMember, role: 'MEMBER' },
    { uid: playerUid, role: 'MEMBER' },
  ].map((member) => ClubMemberDoc.parse({ ...member, clubId: ids.clubId }));
  const runners = clubRunners(members);
  const championship = ChampionshipDoc.parse({
    championshipId: ids.championshipId,
    name: 'Spring Series',
    ownerUid: UIDS.owner,
    clubIds: [ids.clubId],
  });
  const championshipEditors = [...editorsOf(UIDS.owner, runners)].map((uid) =>
    ChampionshipEditorDoc.parse({ uid, championshipId: ids.championshipId }),
  );
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
    policy,
    totalRounds: 3,
    status: options.tournamentStatus ?? 'RUNNING',
    currentRound: 1,
  });
  const participants = [
    ParticipantDoc.parse({ participantId: ids.participantId, name: 'Player', rating: 1600 }),
    ParticipantDoc.parse({ participantId: ids.opponentId, name: 'Opponent', rating: 1550 }),
    ParticipantDoc.parse({ participantId: 'p-other-player', name: 'Other Player', rating: 1500 }),
    ParticipantDoc.parse({ participantId: 'p-fourth', name: 'Fourth', rating: 1450 }),
    ParticipantDoc.parse({ participantId: 'p-bye', name: 'Bye Player', rating: 1400 }),
  ];
  const { write: tournamentRoles } = nextTournamentRoles(t, [], {
    editors: editorsOf(UIDS.owner, runners),
    scorekeepers: new Set([UIDS.scorekeeper]),
    accounts: [
      { participantId: ids.participantId, uid: playerUid },
      { participantId: ids.opponentId, uid: opponentUid },
      { participantId: 'p-other-player', uid: UIDS.otherPlayer },
      { participantId: 'p-bye', uid: UIDS.byePlayer },
    ],
  });
  const round = RoundDoc.parse({
    roundNumber: 1,
    status: options.roundStatus ?? 'OPEN',
    method: 'SWISS',
    seed: 42,
    matchUpCount: 3,
    byes: ['p-bye'],
    requestId: 'req-round-1',
    generatedBy: 'OWNER',
    generatedAt: '2025-06-01T09:00:00.000Z',
  });
  const matchUps = [
    { matchUpId: ids.matchUpId, order: 0, a: ids.participantId, b: ids.opponentId },
    { matchUpId: ids.otherMatchUpId, order: 1, a: 'p-other-player', b: 'p-fourth' },
    { matchUpId: ids.byeMatchUpId, order: 2, a: 'p-bye', b: null, result: { kind: 'PAIRING_BYE' } },
  ].map((matchUp) => MatchUpDoc.parse({ ...matchUp, roundNumber: 1 }));
  const states = participants.map((participant) => StateDoc.parse(initialParticipantState(participant, policy)));
  const context = tiebreakContext(policy, Object.fromEntries(states.map((state) => [state.participantId, state])));
  const standings = states.map((state, index) =>
    StandingDoc.parse({
      ...standingValues(policy, state, context),
      name: participants[index]?.name ?? state.participantId,
    }),
  );

  const documents: Record<string, Record<string, unknown>> = {
    [paths.club(ids.clubId)]: club,
    [paths.championship(ids.championshipId)]: championship,
    [paths.tournamentKey(ids.championshipId, ids.tournamentKey)]: TournamentKeyDoc.parse({ tournamentId: t }),
    [paths.tournament(t)]: tournament,
    [paths.round(t, 1)]: round,
    [paths.applied(t, ids.otherMatchUpId)]: AppliedDoc.parse(toMatchUpRecord(matchUps[1]!)),
    [paths.scoreProblem(t, ids.otherMatchUpId)]: ScoreProblemDoc.parse({
      matchUpId: ids.otherMatchUpId,
      roundNumber: 1,
      kind: 'REFUSED_RESULT',
      message: 'its result counts as none: a played result needs a score or a winner',
      at: '2025-06-01T10:00:00.000Z',
    }),
  };
  for (const member of members) documents[paths.clubMember(ids.clubId, member.uid)] = member;
  for (const editor of championshipEditors)
    documents[paths.championshipEditor(ids.championshipId, editor.uid)] = editor;
  for (const role of tournamentRoles) documents[paths.role(t, role.uid)] = role;
  for (const participant of participants) documents[paths.participant(t, participant.participantId)] = participant;
  for (const matchUp of matchUps) documents[paths.matchUp(t, matchUp.matchUpId)] = matchUp;
  for (const state of states) documents[paths.state(t, state.participantId)] = state;
  for (const standing of standings) documents[paths.standing(t, standing.participantId)] = standing;
  documents[paths.standingsPage(t, 1)] = StandingsPageDoc.parse({
    page: 1,
    count: 1,
    rows: standings.map((standing, index) => ({ ...standing, rank: index + 1, sharedRank: false })),
    updatedAt: '2025-06-01T10:00:00.000Z',
  });
  return {
    ids,
    policy,
    participants,
    tournament,
    matchUps,
    round,
    members,
    championshipEditors,
    tournamentRoles,
    documents: withoutUndefined(documents),
  };
}

/** Firestore refuses `undefined` values; zod output leaves optional fields absent, this makes sure of it. */
function withoutUndefined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The role `uid` signs a score of `matchUpId` with, as the apps do (access/scorer.ts). An account with no role in
 * that game claims side a, as a forging phone would, so that a refusal is the rules' judgement of the writer and
 * not of a missing claim.
 */
export function scorerIn(world: World, uid: string | null, matchUpId: string): Scorer {
  const matchUp = world.matchUps.find((m) => m.matchUpId === matchUpId);
  if (!matchUp) throw new Error(`no matchUp ${matchUpId} in the world`);
  return (
    scorerOf(
      world.tournamentRoles.find((role) => role.uid === uid),
      matchUp,
    ) ?? 'SIDE_A'
  );
}
