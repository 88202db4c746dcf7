import type { Firestore } from 'firebase-admin/firestore';
import {
  AppliedDoc,
  ChampionshipDoc,
  ChampionshipEditorDoc,
  ClaimAttemptsDoc,
  ClaimCodeDoc,
  ClubDoc,
  ClubMemberDoc,
  COLLECTIONS,
  DeckListChangeDoc,
  DeckListDoc,
  InvitationDoc,
  MatchUpDoc,
  ParticipantDoc,
  PenaltyDoc,
  paths,
  RegistrationDoc,
  ResultChangeDoc,
  RoundDoc,
  ScoreProblemDoc,
  StandingDoc,
  StandingsPageDoc,
  StandingsStatusDoc,
  StateDoc,
  TournamentDoc,
  TournamentKeyDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';
import { converterFor } from './converters.js';

const converters = {
  club: converterFor(ClubDoc),
  clubMember: converterFor(ClubMemberDoc),
  championship: converterFor(ChampionshipDoc),
  championshipEditor: converterFor(ChampionshipEditorDoc),
  role: converterFor(TournamentRoleDoc),
  tournamentKey: converterFor(TournamentKeyDoc),
  tournament: converterFor(TournamentDoc),
  participant: converterFor(ParticipantDoc),
  round: converterFor(RoundDoc),
  matchUp: converterFor(MatchUpDoc),
  state: converterFor(StateDoc),
  standing: converterFor(StandingDoc),
  applied: converterFor(AppliedDoc),
  scoreProblem: converterFor(ScoreProblemDoc),
  resultChange: converterFor(ResultChangeDoc),
  penalty: converterFor(PenaltyDoc),
  deckList: converterFor(DeckListDoc),
  deckListChange: converterFor(DeckListChangeDoc),
  standingsStatus: converterFor(StandingsStatusDoc),
  standingsPage: converterFor(StandingsPageDoc),
  claimCode: converterFor(ClaimCodeDoc),
  claimAttempts: converterFor(ClaimAttemptsDoc),
  registration: converterFor(RegistrationDoc),
  invitation: converterFor(InvitationDoc),
};

/** Typed references: every read of a document goes through its schema's converter. */
export function refs(db: Firestore) {
  return {
    clubs: () => db.collection(COLLECTIONS.clubs).withConverter(converters.club),
    club: (clubId: string) => db.doc(paths.club(clubId)).withConverter(converters.club),
    clubMembers: (clubId: string) => db.collection(paths.clubMembers(clubId)).withConverter(converters.clubMember),
    clubMember: (clubId: string, uid: string) =>
      db.doc(paths.clubMember(clubId, uid)).withConverter(converters.clubMember),
    championships: () => db.collection(COLLECTIONS.championships).withConverter(converters.championship),
    championship: (id: string) => db.doc(paths.championship(id)).withConverter(converters.championship),
    championshipEditors: (id: string) =>
      db.collection(paths.championshipEditors(id)).withConverter(converters.championshipEditor),
    championshipEditor: (id: string, uid: string) =>
      db.doc(paths.championshipEditor(id, uid)).withConverter(converters.championshipEditor),
    tournamentKey: (id: string, key: string) =>
      db.doc(paths.tournamentKey(id, key)).withConverter(converters.tournamentKey),
    tournaments: () => db.collection(COLLECTIONS.tournaments).withConverter(converters.tournament),
    tournament: (t: string) => db.doc(paths.tournament(t)).withConverter(converters.tournament),
    roles: (t: string) => db.collection(paths.roles(t)).withConverter(converters.role),
    role: (t: string, uid: string) => db.doc(paths.role(t, uid)).withConverter(converters.role),
    participants: (t: string) => db.collection(paths.participants(t)).withConverter(converters.participant),
    participant: (t: string, p: string) => db.doc(paths.participant(t, p)).withConverter(converters.participant),
    rounds: (t: string) => db.collection(paths.rounds(t)).withConverter(converters.round),
    round: (t: string, r: number) => db.doc(paths.round(t, r)).withConverter(converters.round),
    matchUps: (t: string) => db.collection(paths.matchUps(t)).withConverter(converters.matchUp),
    matchUp: (t: string, m: string) => db.doc(paths.matchUp(t, m)).withConverter(converters.matchUp),
    states: (t: string) => db.collection(paths.states(t)).withConverter(converters.state),
    state: (t: string, p: string) => db.doc(paths.state(t, p)).withConverter(converters.state),
    standings: (t: string) => db.collection(paths.standings(t)).withConverter(converters.standing),
    standing: (t: string, p: string) => db.doc(paths.standing(t, p)).withConverter(converters.standing),
    appliedMarkers: (t: string) => db.collection(paths.appliedMarkers(t)).withConverter(converters.applied),
    applied: (t: string, m: string) => db.doc(paths.applied(t, m)).withConverter(converters.applied),
    scoreProblems: (t: string) => db.collection(paths.scoreProblems(t)).withConverter(converters.scoreProblem),
    scoreProblem: (t: string, m: string) => db.doc(paths.scoreProblem(t, m)).withConverter(converters.scoreProblem),
    resultChanges: (t: string) => db.collection(paths.resultChanges(t)).withConverter(converters.resultChange),
    resultChange: (t: string, id: string) => db.doc(paths.resultChange(t, id)).withConverter(converters.resultChange),
    penalties: (t: string) => db.collection(paths.penalties(t)).withConverter(converters.penalty),
    penalty: (t: string, id: string) => db.doc(paths.penalty(t, id)).withConverter(converters.penalty),
    deckLists: (t: string) => db.collection(paths.deckLists(t)).withConverter(converters.deckList),
    deckList: (t: string, p: string) => db.doc(paths.deckList(t, p)).withConverter(converters.deckList),
    deckListChanges: (t: string) => db.collection(paths.deckListChanges(t)).withConverter(converters.deckListChange),
    standingsStatus: (t: string) => db.doc(paths.standingsStatus(t)).withConverter(converters.standingsStatus),
    standingsPages: (t: string) => db.collection(paths.standingsPages(t)).withConverter(converters.standingsPage),
    standingsPage: (t: string, page: number) =>
      db.doc(paths.standingsPage(t, page)).withConverter(converters.standingsPage),
    claimCodes: (t: string) => db.collection(paths.claimCodes(t)).withConverter(converters.claimCode),
    claimCode: (t: string, p: string) => db.doc(paths.claimCode(t, p)).withConverter(converters.claimCode),
    claimAttempts: (t: string, uid: string) =>
      db.doc(paths.claimAttempt(t, uid)).withConverter(converters.claimAttempts),
    registrations: (t: string) => db.collection(paths.registrations(t)).withConverter(converters.registration),
    registration: (t: string, r: string) => db.doc(paths.registration(t, r)).withConverter(converters.registration),
    tournamentInvitation: (t: string, token: string) =>
      db.doc(paths.tournamentInvitation(t, token)).withConverter(converters.invitation),
    /** Every tournament's roles and every club's members: query them by `uid` for one account's own. */
    everyRole: () => db.collectionGroup(COLLECTIONS.roles).withConverter(converters.role),
    everyClubMember: () => db.collectionGroup(COLLECTIONS.members).withConverter(converters.clubMember),
    clubInvitation: (clubId: string, token: string) =>
      db.doc(paths.clubInvitation(clubId, token)).withConverter(converters.invitation),
  };
}
export type Refs = ReturnType<typeof refs>;
