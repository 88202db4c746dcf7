/**
 * Emulator Suite tier: a mutation check of firestore.rules. Each mutation weakens one guard of a copy of the
 * rules; the copy is loaded into the Firestore emulator and the named case that guard exists for must then go
 * wrong (a write the real rules refuse is accepted). A mutation no case notices is a guard nothing tests.
 * The real rules are loaded again afterwards, for the files that follow.
 */
import {
  type RulesTestEnvironment,
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import { type DocumentData, collection, doc, getDocs, serverTimestamp, updateDoc } from 'firebase/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import { triggersOffForTheFile } from '../support/emulator.js';
import {
  type Actor,
  PROJECT_ID,
  RULES,
  buildWorld,
  scorerIn,
  emulatorAddress,
  modular,
  seedDocuments,
  uidOf,
  clientAs,
} from './support.js';

const world = buildWorld({ roundStatus: 'OPEN' });
const { tournamentId, clubId } = world.ids;

/** A score as the actor's phone signs it: with the role the actor holds in that game (see `scorerIn`). */
function scoreWrite(
  actor: Actor,
  result: unknown = { kind: 'PLAYED', score: { a: 5, b: 3 } },
  matchUpId = world.ids.matchUpId,
): DocumentData {
  return result === null
    ? { result, scoredBy: null, scoredAt: null }
    : { result, scoredBy: scorerIn(world, uidOf(actor), matchUpId), scoredAt: serverTimestamp() };
}

/** A request the real rules refuse, made as `actor`. */
interface Case {
  name: string;
  actor: Actor;
  run: (env: RulesTestEnvironment, actor: Actor) => Promise<unknown>;
}

const dbOf = (env: RulesTestEnvironment, actor: Actor) => clientAs(env, actor);
const matchUp = (env: RulesTestEnvironment, actor: Actor, id: string) =>
  doc(dbOf(env, actor), paths.matchUp(tournamentId, id));

const CASES: Record<string, Case> = {
  scorekeeperEdits: {
    name: 'a scorekeeper edits the tournament',
    actor: 'scorekeeper',
    run: (env, actor) => updateDoc(doc(dbOf(env, actor), paths.tournament(tournamentId)), { location: 'Hall Z' }),
  },
  // A clear carries no signature, so only the check of who scores the game stands in its way.
  otherPlayerClears: {
    name: "a player clears someone else's game",
    actor: 'otherPlayer',
    run: (env, actor) => updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor, null)),
  },
  // A clear carries no signature, and a scorekeeper is no player of the bye: only the bye guard refuses it.
  scorekeeperClearsBye: {
    name: 'a scorekeeper clears a bye',
    actor: 'scorekeeper',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.byeMatchUpId), scoreWrite(actor, null, world.ids.byeMatchUpId)),
  },
  scoreInClosedRound: {
    name: 'a player scores after the round is closed',
    actor: 'player',
    run: async (env, actor) => {
      await env.withSecurityRulesDisabled((context) =>
        updateDoc(doc(modular(context), paths.round(tournamentId, 1)), { status: 'CLOSED' }),
      );
      return updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor));
    },
  },
  strangerReadsRoles: {
    name: "a stranger lists a tournament's roles",
    actor: 'other',
    run: (env, actor) => getDocs(collection(dbOf(env, actor), paths.roles(tournamentId))),
  },
  strangerReadsMembers: {
    name: "a stranger lists a club's members",
    actor: 'other',
    run: (env, actor) => getDocs(collection(dbOf(env, actor), paths.clubMembers(clubId))),
  },
  unreadableSocialUrl: {
    name: 'an editor stores a social URL the backend cannot read',
    actor: 'owner',
    run: (env, actor) => updateDoc(doc(dbOf(env, actor), paths.tournament(tournamentId)), { socialUrl: 'https://%' }),
  },
  playerMovesSides: {
    name: 'a player changes who plays the game',
    actor: 'player',
    run: (env, actor) => updateDoc(matchUp(env, actor, world.ids.matchUpId), { ...scoreWrite(actor), b: 'p-fourth' }),
  },
  unknownKind: {
    name: 'a scorekeeper writes an unknown result kind',
    actor: 'scorekeeper',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor, { kind: 'WALKOVER', winner: 'a' })),
  },
  impossibleScore: {
    name: 'a player writes 6-5 in a game to 5',
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor, { score: { a: 6, b: 5 } })),
  },
  clientChosenTime: {
    name: 'a player dates a score themselves',
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), { ...scoreWrite(actor), scoredAt: '2020-01-01T00:00:00Z' }),
  },
  forgedSignature: {
    name: "a player signs a score as the opponent's side",
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), { ...scoreWrite(actor), scoredBy: 'SIDE_B' }),
  },
  signsAsEditor: {
    name: 'a player signs a score as an editor',
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), { ...scoreWrite(actor), scoredBy: 'EDITOR' }),
  },
  signsAsScorekeeper: {
    name: 'a player signs a score as a scorekeeper',
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), { ...scoreWrite(actor), scoredBy: 'SCOREKEEPER' }),
  },
  playerOverwritesStaff: {
    name: "a player replaces a scorekeeper's result",
    actor: 'player',
    run: async (env, actor) => {
      await env.withSecurityRulesDisabled((context) =>
        updateDoc(doc(modular(context), paths.matchUp(tournamentId, world.ids.matchUpId)), {
          result: { kind: 'PLAYED', score: { a: 0, b: 5 } },
          scoredBy: 'SCOREKEEPER',
        }),
      );
      return updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor));
    },
  },
  playerWritesForfeit: {
    name: 'a player gives themselves a forfeit win',
    actor: 'player',
    run: (env, actor) =>
      updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor, { kind: 'FORFEIT_WIN' })),
  },
  playerResultUnderConfirmation: {
    name: 'a player writes a result where the opponent must confirm it',
    actor: 'player',
    run: async (env, actor) => {
      await env.withSecurityRulesDisabled((context) =>
        updateDoc(doc(modular(context), paths.tournament(tournamentId)), { confirmScores: true }),
      );
      return updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor));
    },
  },
  halfGamesInBestOfThree: {
    name: 'a scorekeeper writes 1.5-0.5 in a best of three',
    actor: 'scorekeeper',
    run: async (env, actor) => {
      await env.withSecurityRulesDisabled((context) =>
        updateDoc(doc(modular(context), paths.tournament(tournamentId)), { 'policy.scoringPolicy.gameTarget': 2 }),
      );
      return updateDoc(matchUp(env, actor, world.ids.matchUpId), scoreWrite(actor, { score: { a: 1.5, b: 0.5 } }));
    },
  },
  blankParticipantName: {
    name: "an editor blanks a participant's name",
    actor: 'owner',
    run: (env, actor) =>
      updateDoc(doc(dbOf(env, actor), paths.participant(tournamentId, world.ids.participantId)), { name: '   ' }),
  },
};

interface Mutation {
  /** What the weakened copy stops checking. */
  weakens: string;
  find: string;
  replace: string;
  /** The case that must go wrong under it. */
  caught: keyof typeof CASES;
}

const MUTATIONS: Mutation[] = [
  {
    weakens: 'the editor flag',
    find: 'tournamentRole(tournamentId).editor == true',
    replace: 'true',
    caught: 'scorekeeperEdits',
  },
  {
    weakens: 'which sides an account plays',
    find: 'tournamentRole(tournamentId).participantIds.hasAny([matchUp.a, matchUp.b])',
    replace: 'true',
    caught: 'otherPlayerClears',
  },
  { weakens: 'the bye guard', find: '|| (matchUp.b != null\n', replace: '|| (true\n', caught: 'scorekeeperClearsBye' },
  {
    weakens: 'the open-round check',
    find: "roundOf(tournamentId, resource.data.roundNumber).status == 'OPEN'",
    replace: 'true',
    caught: 'scoreInClosedRound',
  },
  {
    weakens: 'who reads a tournament role',
    find: 'allow read: if signedIn() && (uid == me() || editsTournament(tournamentId));',
    replace: 'allow read: if signedIn();',
    caught: 'strangerReadsRoles',
  },
  {
    weakens: 'who reads a club member',
    find: 'allow read: if signedIn() && (uid == me() || runsClub(clubId));',
    replace: 'allow read: if signedIn();',
    caught: 'strangerReadsMembers',
  },
  {
    weakens: 'the social URL pattern',
    find: "(!('socialUrl' in incoming()) || socialUrl(incoming().socialUrl))",
    replace: 'true',
    caught: 'unreadableSocialUrl',
  },
  {
    weakens: 'the score fields a client may change',
    find: "changesOnly(['result', 'scoredBy', 'scoredAt'])",
    replace: 'true',
    caught: 'playerMovesSides',
  },
  {
    weakens: 'the result check',
    find: "resolvable(after.result, resource.data.get('b', null) != null, scoringOf(t))",
    replace: 'true',
    caught: 'unknownKind',
  },
  {
    weakens: 'the possible-score check',
    find: '|| (high <= target && low < target)',
    replace: '|| true',
    caught: 'impossibleScore',
  },
  {
    weakens: 'the server time',
    find: 'scorerClaim(tournamentId, matchUp) && after.scoredAt == request.time',
    replace: 'scorerClaim(tournamentId, matchUp) && true',
    caught: 'clientChosenTime',
  },
  {
    weakens: "the writer's signature",
    find: 'after.scoredBy == scorerClaim(tournamentId, matchUp)',
    replace: 'true',
    caught: 'forgedSignature',
  },
  {
    weakens: "a staff result's guard",
    find: '&& !enteredByStaff(before)\n',
    replace: '\n',
    caught: 'playerOverwritesStaff',
  },
  {
    weakens: "a player's played-only results",
    find: "(after.result == null || kindOf(after.result) == 'PLAYED')",
    replace: 'true',
    caught: 'playerWritesForfeit',
  },
  {
    weakens: "a player's report under confirmation",
    find: 'return !confirming(t)\n',
    replace: 'return true\n',
    caught: 'playerResultUnderConfirmation',
  },
  {
    weakens: 'whole games in a best of three',
    find: '|| (score.a is int && score.b is int)',
    replace: '|| true',
    caught: 'halfGamesInBestOfThree',
  },
  {
    weakens: 'trimmed names',
    find: 'value.trim().size() > 0',
    replace: 'value.size() > 0',
    caught: 'blankParticipantName',
  },
];

async function environment(rules: string): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules, ...emulatorAddress('FIRESTORE_EMULATOR_HOST') },
  });
}

async function reseeded(env: RulesTestEnvironment): Promise<RulesTestEnvironment> {
  await env.clearFirestore();
  await seedDocuments(env, world.documents);
  return env;
}

triggersOffForTheFile();

afterAll(async () => {
  // Leave the real rules loaded for whatever runs next.
  await (await environment(RULES)).cleanup();
});

describe('the real rules refuse every case the mutations below must let through', () => {
  it.each(Object.entries(CASES).map(([key, c]) => [key, c.name, c] as const))('%s: %s', async (_key, _name, c) => {
    const env = await reseeded(await environment(RULES));
    try {
      await assertFails(c.run(env, c.actor));
    } finally {
      await env.cleanup();
    }
  });
});

describe('a weakened copy of firestore.rules fails a named case', () => {
  it.each(MUTATIONS)('without $weakens, "$caught" goes wrong', async ({ find, replace, caught }) => {
    expect(
      RULES.split(find).length - 1,
      `the mutation's text must occur exactly once in firestore.rules: ${find}`,
    ).toBe(1);
    const env = await reseeded(await environment(RULES.replace(find, replace)));
    try {
      const c = CASES[caught]!;
      await assertSucceeds(c.run(env, c.actor));
    } finally {
      await env.cleanup();
    }
  });
});
