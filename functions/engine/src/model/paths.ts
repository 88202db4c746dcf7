/**
 * Every Firestore path of the product, in one place. Subcollections hang under their tournament so that a
 * tournament's documents are read and secured together, and no document grows with the field.
 */
export const COLLECTIONS = {
  clubs: 'clubs',
  members: 'members',
  championships: 'championships',
  editors: 'editors',
  tournamentKeys: 'tournamentKeys',
  tournaments: 'tournaments',
  participants: 'participants',
  rounds: 'rounds',
  matchUps: 'matchUps',
  states: 'states',
  standings: 'standings',
  applied: 'applied',
  roles: 'roles',
  scoreProblems: 'scoreProblems',
  status: 'status',
  rateLimits: 'rateLimits',
  claimCodes: 'claimCodes',
  standingsPages: 'standingsPages',
  claimAttempts: 'claimAttempts',
  registrations: 'registrations',
  invitations: 'invitations',
  resultChanges: 'resultChanges',
  judgeCalls: 'judgeCalls',
  penalties: 'penalties',
  tableCheckIns: 'tableCheckIns',
  deckLists: 'deckLists',
  deckListChanges: 'deckListChanges',
  deckChecks: 'deckChecks',
} as const;

export const paths = {
  club: (clubId: string) => `clubs/${clubId}`,
  /** Who owns, runs and belongs to a club: one private document per account. */
  clubMembers: (clubId: string) => `clubs/${clubId}/members`,
  clubMember: (clubId: string, uid: string) => `clubs/${clubId}/members/${uid}`,
  championship: (championshipId: string) => `championships/${championshipId}`,
  championshipEditors: (championshipId: string) => `championships/${championshipId}/editors`,
  championshipEditor: (championshipId: string, uid: string) => `championships/${championshipId}/editors/${uid}`,
  /** One per date of a championship: one tournament per date (docs/organisation.md#tournament-key). */
  tournamentKey: (championshipId: string, key: string) => `championships/${championshipId}/tournamentKeys/${key}`,
  tournament: (tournamentId: string) => `tournaments/${tournamentId}`,
  /** What each account may do in a tournament (edit, keep score, play as whom): private to that account and editors. */
  roles: (tournamentId: string) => `tournaments/${tournamentId}/roles`,
  role: (tournamentId: string, uid: string) => `tournaments/${tournamentId}/roles/${uid}`,
  participants: (tournamentId: string) => `tournaments/${tournamentId}/participants`,
  participant: (tournamentId: string, participantId: string) =>
    `tournaments/${tournamentId}/participants/${participantId}`,
  rounds: (tournamentId: string) => `tournaments/${tournamentId}/rounds`,
  round: (tournamentId: string, roundNumber: number) => `tournaments/${tournamentId}/rounds/${roundNumber}`,
  matchUps: (tournamentId: string) => `tournaments/${tournamentId}/matchUps`,
  matchUp: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/matchUps/${matchUpId}`,
  judgeCalls: (tournamentId: string) => `tournaments/${tournamentId}/judgeCalls`,
  penalties: (tournamentId: string) => `tournaments/${tournamentId}/penalties`,
  tableCheckIns: (tournamentId: string) => `tournaments/${tournamentId}/tableCheckIns`,
  /** One per table: the game's id (docs/judging.md#at-the-table-on-time). */
  tableCheckIn: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/tableCheckIns/${matchUpId}`,
  penalty: (tournamentId: string, penaltyId: string) => `tournaments/${tournamentId}/penalties/${penaltyId}`,
  /** One per table: the game's id (docs/judging.md#judge-calls). */
  judgeCall: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/judgeCalls/${matchUpId}`,
  /** One per player (docs/judging.md#deck-lists). */
  deckLists: (tournamentId: string) => `tournaments/${tournamentId}/deckLists`,
  deckList: (tournamentId: string, participantId: string) => `tournaments/${tournamentId}/deckLists/${participantId}`,
  /** Staff changes to a list after the deadline: written by setDeckList only. */
  deckListChanges: (tournamentId: string) => `tournaments/${tournamentId}/deckListChanges`,
  deckListChange: (tournamentId: string, changeId: string) => `tournaments/${tournamentId}/deckListChanges/${changeId}`,
  /** One per table: the game's id. */
  deckChecks: (tournamentId: string) => `tournaments/${tournamentId}/deckChecks`,
  deckCheck: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/deckChecks/${matchUpId}`,
  /** The engine's per-participant state (docs/ratings.md#participant-state); written by the backend only. */
  states: (tournamentId: string) => `tournaments/${tournamentId}/states`,
  state: (tournamentId: string, participantId: string) => `tournaments/${tournamentId}/states/${participantId}`,
  /** One leaderboard row per participant, ranks left to the reader; written by the backend only. */
  standings: (tournamentId: string) => `tournaments/${tournamentId}/standings`,
  standing: (tournamentId: string, participantId: string) => `tournaments/${tournamentId}/standings/${participantId}`,
  /** What the score trigger last applied for each matchUp. */
  appliedMarkers: (tournamentId: string) => `tournaments/${tournamentId}/applied`,
  applied: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/applied/${matchUpId}`,
  /** A matchUp whose latest result is not in the standings, and why: the organizer's view shows it. */
  scoreProblems: (tournamentId: string) => `tournaments/${tournamentId}/scoreProblems`,
  scoreProblem: (tournamentId: string, matchUpId: string) => `tournaments/${tournamentId}/scoreProblems/${matchUpId}`,
  /** Whether the standings are being brought up to date (written by the backend only; public). */
  standingsStatus: (tournamentId: string) => `tournaments/${tournamentId}/status/standings`,
  /** The public standings in ranked pages (written by the backend only; public). */
  standingsPages: (tournamentId: string) => `tournaments/${tournamentId}/standingsPages`,
  standingsPage: (tournamentId: string, page: number) => `tournaments/${tournamentId}/standingsPages/${page}`,
  /** How often one account has lately called one callable (a token bucket): written by the backend only. */
  rateLimit: (callable: string, uid: string) => `rateLimits/${callable}-${uid}`,
  /** Each participant's private claim code: the tournament's editors read it, nobody writes it but the backend. */
  claimCodes: (tournamentId: string) => `tournaments/${tournamentId}/claimCodes`,
  claimCode: (tournamentId: string, participantId: string) => `tournaments/${tournamentId}/claimCodes/${participantId}`,
  /** One account's wrong claim codes in a row: the backend writes them; the editors read and unlock (delete). */
  claimAttempts: (tournamentId: string) => `tournaments/${tournamentId}/claimAttempts`,
  claimAttempt: (tournamentId: string, uid: string) => `tournaments/${tournamentId}/claimAttempts/${uid}`,
  /** People who asked to play: each readable by its author and the tournament's editors. */
  registrations: (tournamentId: string) => `tournaments/${tournamentId}/registrations`,
  registration: (tournamentId: string, registrationId: string) =>
    `tournaments/${tournamentId}/registrations/${registrationId}`,
  /** Staff invitations, keyed by their secret token: the tournament's editors (the club's runners) read them. */
  tournamentInvitations: (tournamentId: string) => `tournaments/${tournamentId}/invitations`,
  tournamentInvitation: (tournamentId: string, token: string) => `tournaments/${tournamentId}/invitations/${token}`,
  clubInvitations: (clubId: string) => `clubs/${clubId}/invitations`,
  clubInvitation: (clubId: string, token: string) => `clubs/${clubId}/invitations/${token}`,
  /** Every change of a result or a report, by role and time (written by the score trigger; editors read it). */
  resultChanges: (tournamentId: string) => `tournaments/${tournamentId}/resultChanges`,
  resultChange: (tournamentId: string, changeId: string) => `tournaments/${tournamentId}/resultChanges/${changeId}`,
} as const;

/** The trigger's document pattern (firebase-functions path syntax). */
export const MATCHUP_DOCUMENT = 'tournaments/{tournamentId}/matchUps/{matchUpId}';
/** The standings rows' pattern: any change to one asks for the pages' rebuild. */
export const STANDING_DOCUMENT = 'tournaments/{tournamentId}/standings/{participantId}';
