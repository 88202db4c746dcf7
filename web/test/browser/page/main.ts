/**
 * A small player / organizer page on the stock modular Web SDK (firebase v12), bundled by esbuild for the
 * browser test (web/test/browser/webSdk.test.ts). It talks to the Emulator Suite only; the addresses come in the
 * URL query: ?project=demo-competition&tournament=T&auth=127.0.0.1:9099&firestore=127.0.0.1:8080&functions=127.0.0.1:5001
 *
 * What a person sees and does: sign up / in / out with email and password; the tournament, its rounds, its
 * matchUps and standings, live; the score of a matchUp written with `updateDoc` (firestore.rules decide who
 * may); their own standings row through `onSnapshot`; the organizer's "Generate next round" (`httpsCallable`);
 * and a latency run, score write -> standings row, measured here in the browser.
 */
import { initializeApp } from 'firebase/app';
import {
  type User,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import {
  type DocumentData,
  type Unsubscribe,
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  onSnapshot,
  serverTimestamp,
  updateDoc,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import type {
  MatchUpDoc,
  ParticipantDoc,
  RoundDoc,
  Scorer,
  StandingDoc,
  TournamentDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';
import { scorerOf } from '@competition/engine';

// ---------------------------------------------------------------- configuration and connection

const params = new URLSearchParams(location.search);

function address(name: string): { host: string; port: number } {
  const value = params.get(name);
  if (!value) throw new Error(`the page needs ?${name}=host:port (the ${name} emulator)`);
  const colon = value.lastIndexOf(':');
  return { host: value.slice(0, colon).replace(/^\[(.*)\]$/, '$1'), port: Number(value.slice(colon + 1)) };
}
const url = ({ host, port }: { host: string; port: number }) =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

const projectId = params.get('project') ?? 'demo-competition';
const tournamentId = params.get('tournament') ?? '';
const emulators = { auth: address('auth'), firestore: address('firestore'), functions: address('functions') };

const app = initializeApp({ projectId, apiKey: 'fake-api-key', authDomain: `${projectId}.firebaseapp.com` });
const auth = getAuth(app);
connectAuthEmulator(auth, url(emulators.auth), { disableWarnings: true });
const db = getFirestore(app);
connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
const functions = getFunctions(app, 'us-central1');
connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);

const path = {
  tournament: () => `tournaments/${tournamentId}`,
  collection: (name: string) => `tournaments/${tournamentId}/${name}`,
  matchUp: (id: string) => `tournaments/${tournamentId}/matchUps/${id}`,
  standing: (id: string) => `tournaments/${tournamentId}/standings/${id}`,
  role: (uid: string) => `tournaments/${tournamentId}/roles/${uid}`,
};

// ---------------------------------------------------------------- the page's elements

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

const ui = {
  app: element('app'),
  connection: element('connection'),
  who: element('who'),
  email: element<HTMLInputElement>('email'),
  password: element<HTMLInputElement>('password'),
  signUp: element<HTMLButtonElement>('sign-up'),
  signIn: element<HTMLButtonElement>('sign-in'),
  signOut: element<HTMLButtonElement>('sign-out'),
  authStatus: element('auth-status'),
  tournament: element('tournament'),
  rounds: element('rounds'),
  me: element('me'),
  matchUp: element<HTMLSelectElement>('matchup'),
  sideA: element('side-a-name'),
  sideB: element('side-b-name'),
  scoreA: element<HTMLInputElement>('score-a'),
  scoreB: element<HTMLInputElement>('score-b'),
  saveScore: element<HTMLButtonElement>('save-score'),
  scoreStatus: element('score-status'),
  myRow: element('my-row'),
  matchUps: element('matchups'),
  standings: element('standings'),
  generate: element<HTMLButtonElement>('generate'),
  generateStatus: element('generate-status'),
  benchCount: element<HTMLInputElement>('bench-count'),
  bench: element<HTMLButtonElement>('bench'),
  benchStatus: element('bench-status'),
};

type State = 'pending' | 'ok' | 'error';

function setStatus(target: HTMLElement, state: State, text: string, code = ''): void {
  target.dataset.state = state;
  target.dataset.code = code;
  target.textContent = text;
}

function clearStatus(target: HTMLElement): void {
  delete target.dataset.state;
  delete target.dataset.code;
  target.textContent = '';
}

/** What a refused call says: the SDK's code (permission-denied, functions/failed-precondition...) and message. */
function describeError(error: unknown, deniedBecause?: string): { code: string; text: string } {
  const { code, message } = error as { code?: string; message?: string };
  // The security rules answer a refused write with their own line numbers; a player needs the reason instead.
  if (code === 'permission-denied' && deniedBecause) return { code, text: `refused: ${deniedBecause}` };
  const short = (code ?? 'error').replace(/^(functions|auth|firestore)\//, '');
  return { code: code ?? 'error', text: `refused: ${short} — ${message ?? String(error)}` };
}

const SCORE_REFUSAL =
  "only this matchUp's players, the scorekeepers and the organizer may enter its score, while its round is open";

function cell(text: string | number, numeric = false): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = String(text);
  if (numeric) td.className = 'num';
  return td;
}

const fixed = (value: number | undefined, digits = 1) =>
  typeof value === 'number' ? value.toFixed(digits).replace(/\.0+$/, '') : '';

// ---------------------------------------------------------------- live data

const participants = new Map<string, ParticipantDoc>();
const matchUps = new Map<string, MatchUpDoc>();
const standings = new Map<string, StandingDoc>();
let user: User | null = null;
let myParticipantId = '';
/** The signed-in account's role document (readable by it alone): the participants it plays as, and more. */
let myRole: TournamentRoleDoc | undefined;
let myParticipantIds: string[] = [];
let stopMyRole: Unsubscribe | undefined;
let stopMyRow: Unsubscribe | undefined;

const SCORER: Record<Scorer, string> = {
  SIDE_A: 'side a',
  SIDE_B: 'side b',
  SCOREKEEPER: 'a scorekeeper',
  EDITOR: 'an organizer',
};

const nameOf = (participantId: string | null) =>
  participantId === null ? 'bye' : (participants.get(participantId)?.name ?? participantId);

function describeResult(matchUp: MatchUpDoc): string {
  const result = matchUp.result;
  if (!result) return '—';
  if (result.score) return `${result.score.a}–${result.score.b}`;
  return result.kind + (result.winner ? ` (${result.winner})` : '');
}

function renderTournament(t: TournamentDoc | undefined): void {
  if (!t) {
    ui.tournament.textContent = `tournament ${tournamentId} not found`;
    return;
  }
  ui.tournament.classList.remove('muted');
  ui.tournament.dataset.status = t.status;
  ui.tournament.dataset.currentRound = String(t.currentRound);
  ui.tournament.textContent = `${t.description} · ${t.date} · ${t.status} · round ${t.currentRound}${t.totalRounds ? ` of ${t.totalRounds}` : ''} · ${t.policy.policyName ?? ''}`;
}

function renderRounds(rounds: RoundDoc[]): void {
  ui.rounds.replaceChildren(
    ...rounds
      .sort((x, y) => x.roundNumber - y.roundNumber)
      .map((round, i) => {
        const span = document.createElement('span');
        span.dataset.round = String(round.roundNumber);
        span.dataset.status = round.status;
        span.textContent = `${i ? ', ' : ''}${round.roundNumber} (${round.status}, ${round.matchUpCount} matchUps)`;
        return span;
      }),
  );
}

function renderMatchUps(): void {
  const sorted = [...matchUps.values()].sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order);
  ui.matchUps.replaceChildren(
    ...sorted.map((m) => {
      const tr = document.createElement('tr');
      tr.dataset.matchup = m.matchUpId;
      tr.dataset.round = String(m.roundNumber);
      tr.dataset.result = JSON.stringify(m.result);
      if (myParticipantIds.includes(m.a) || (m.b !== null && myParticipantIds.includes(m.b))) tr.className = 'mine';
      // A result names the writer's role, never the account: "you" when that role is the one this account holds.
      const scorer = m.scoredBy === null ? '' : m.scoredBy === scorerOf(myRole, m) ? 'you' : SCORER[m.scoredBy];
      tr.append(
        cell(m.matchUpId),
        cell(m.roundNumber),
        cell(nameOf(m.a)),
        cell(nameOf(m.b)),
        cell(describeResult(m)),
        cell(scorer),
      );
      return tr;
    }),
  );
  // The score form offers every matchUp with two sides; the rules decide who may write which.
  const chosen = ui.matchUp.value;
  ui.matchUp.replaceChildren(
    ...sorted
      .filter((m) => m.b !== null)
      .map((m) => {
        const option = document.createElement('option');
        option.value = m.matchUpId;
        option.textContent = `${m.matchUpId}: ${nameOf(m.a)} vs ${nameOf(m.b)}`;
        return option;
      }),
  );
  if (chosen && matchUps.has(chosen)) ui.matchUp.value = chosen;
  renderSides();
}

function renderSides(): void {
  const m = matchUps.get(ui.matchUp.value);
  ui.sideA.textContent = m ? nameOf(m.a) : 'A';
  ui.sideB.textContent = m ? nameOf(m.b) : 'B';
}

function renderStandings(): void {
  const rows = [...standings.values()].sort(
    (x, y) =>
      y.matchPoints - x.matchPoints ||
      y.pointsWon - y.pointsLost - (x.pointsWon - x.pointsLost) ||
      x.name.localeCompare(y.name),
  );
  ui.standings.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.participant = row.participantId;
      tr.dataset.matchPoints = String(row.matchPoints);
      tr.dataset.wins = String(row.wins);
      if (row.participantId === myParticipantId) tr.className = 'mine';
      tr.append(
        cell(row.name),
        cell(fixed(row.matchPoints), true),
        cell(row.wins, true),
        cell(row.losses, true),
        cell(row.draws, true),
        cell(fixed(row.pointsWon), true),
        cell(fixed(row.pointsLost), true),
        cell(fixed(row.dynamicFormRating), true),
      );
      return tr;
    }),
  );
}

const ROW_FIELDS = ['matchPoints', 'wins', 'losses', 'draws', 'pointsWon', 'pointsLost', 'dynamicFormRating'] as const;

function renderMyRow(row: StandingDoc | undefined): void {
  const target = ui.myRow;
  target.dataset.updates = String(Number(target.dataset.updates ?? '0') + 1);
  target.dataset.updatedAt = new Date().toISOString();
  if (!row) {
    target.textContent = 'no standings row yet';
    return;
  }
  const list = document.createElement('dl');
  const labels: Record<(typeof ROW_FIELDS)[number], string> = {
    matchPoints: 'Match points',
    wins: 'Wins',
    losses: 'Losses',
    draws: 'Draws',
    pointsWon: 'Points won',
    pointsLost: 'Points lost',
    dynamicFormRating: 'Form rating',
  };
  for (const field of ROW_FIELDS) {
    target.dataset[field] = String(row[field]);
    const dt = document.createElement('dt');
    dt.textContent = labels[field];
    const dd = document.createElement('dd');
    dd.dataset.field = field;
    dd.textContent = field === 'dynamicFormRating' ? fixed(row[field]) : String(row[field]);
    list.append(dt, dd);
  }
  const when = document.createElement('div');
  when.className = 'muted';
  when.textContent = `${row.name} · update ${target.dataset.updates} at ${new Date().toLocaleTimeString()}`;
  target.replaceChildren(list, when);
}

/** Who the signed-in account is in this tournament, and a listener on that participant's standings row. */
function recomputeMe(): void {
  const mine = user ? myParticipantIds.map((id) => participants.get(id)).find((p) => p !== undefined) : undefined;
  const participantId = mine?.participantId ?? '';
  ui.me.dataset.participant = participantId;
  ui.me.textContent = !user
    ? 'not signed in'
    : mine
      ? `${mine.name} (${mine.participantId})`
      : 'not entered in this tournament';
  if (participantId === myParticipantId) return;
  myParticipantId = participantId;
  stopMyRow?.();
  stopMyRow = undefined;
  ui.myRow.dataset.participant = participantId;
  ui.myRow.dataset.updates = '0';
  for (const field of ROW_FIELDS) delete ui.myRow.dataset[field];
  if (!participantId) {
    ui.myRow.textContent = user ? 'you have no row in this tournament' : 'sign in as a player to see it';
    renderStandings();
    return;
  }
  stopMyRow = onSnapshot(
    doc(db, path.standing(participantId)),
    (snapshot) => renderMyRow(snapshot.data() as StandingDoc | undefined),
    (error) => setStatus(ui.myRow, 'error', describeError(error).text),
  );
  // A player lands on their own open game.
  const open = [...matchUps.values()].find(
    (m) => m.b !== null && m.result === null && (m.a === participantId || m.b === participantId),
  );
  if (open) {
    ui.matchUp.value = open.matchUpId;
    renderSides();
  }
  renderStandings();
  renderMatchUps();
}

function listen(): void {
  const failed = (what: string) => (error: Error) => {
    ui.connection.dataset.state = 'error';
    ui.connection.textContent = `${what}: ${describeError(error).text}`;
  };
  onSnapshot(
    doc(db, path.tournament()),
    (s) => renderTournament(s.data() as TournamentDoc | undefined),
    failed('tournament'),
  );
  onSnapshot(
    collection(db, path.collection('rounds')),
    (s) => renderRounds(s.docs.map((d) => d.data() as RoundDoc)),
    failed('rounds'),
  );
  onSnapshot(
    collection(db, path.collection('participants')),
    (s) => {
      participants.clear();
      for (const d of s.docs) participants.set(d.id, d.data() as ParticipantDoc);
      recomputeMe();
      renderMatchUps();
      renderStandings();
    },
    failed('participants'),
  );
  onSnapshot(
    collection(db, path.collection('matchUps')),
    (s) => {
      for (const change of s.docChanges()) {
        if (change.type === 'removed') matchUps.delete(change.doc.id);
        else matchUps.set(change.doc.id, change.doc.data() as MatchUpDoc);
      }
      ui.matchUps.dataset.count = String(matchUps.size);
      renderMatchUps();
    },
    failed('matchUps'),
  );
  onSnapshot(
    collection(db, path.collection('standings')),
    (s) => {
      standings.clear();
      for (const d of s.docs) standings.set(d.id, d.data() as StandingDoc);
      renderStandings();
    },
    failed('standings'),
  );
}

// ---------------------------------------------------------------- actions

async function act(target: HTMLElement, run: () => Promise<string>, deniedBecause?: string): Promise<void> {
  setStatus(target, 'pending', 'working…');
  try {
    setStatus(target, 'ok', await run());
  } catch (error) {
    const { code, text } = describeError(error, deniedBecause);
    setStatus(target, 'error', text, code);
  }
}

ui.signUp.addEventListener(
  'click',
  () =>
    void act(ui.authStatus, async () => {
      const { user: created } = await createUserWithEmailAndPassword(auth, ui.email.value, ui.password.value);
      return `signed up ${created.email}`;
    }),
);
ui.signIn.addEventListener(
  'click',
  () =>
    void act(ui.authStatus, async () => {
      const { user: signedIn } = await signInWithEmailAndPassword(auth, ui.email.value, ui.password.value);
      return `signed in ${signedIn.email}`;
    }),
);
ui.signOut.addEventListener(
  'click',
  () =>
    void act(ui.authStatus, async () => {
      await signOut(auth);
      return 'signed out';
    }),
);

onAuthStateChanged(auth, (next) => {
  // What the previous account did is not this one's to read.
  if (next?.uid !== user?.uid) for (const status of [ui.scoreStatus, ui.generateStatus]) clearStatus(status);
  user = next;
  stopMyRole?.();
  stopMyRole = undefined;
  myRole = undefined;
  myParticipantIds = [];
  if (next) {
    stopMyRole = onSnapshot(
      doc(db, path.role(next.uid)),
      (snapshot) => {
        myRole = snapshot.data() as TournamentRoleDoc | undefined;
        myParticipantIds = myRole?.participantIds ?? [];
        recomputeMe();
        renderMatchUps();
      },
      (error) => setStatus(ui.me, 'error', describeError(error).text),
    );
  }
  ui.who.dataset.uid = next?.uid ?? '';
  ui.who.textContent = next ? `${next.email} (uid ${next.uid.slice(0, 10)}…)` : 'nobody';
  recomputeMe();
  renderMatchUps();
});

/** A player's (or scorekeeper's, or organizer's) score: the three fields firestore.rules let a client change. */
function writeScore(matchUpId: string, a: number, b: number): Promise<void> {
  const matchUp = matchUps.get(matchUpId);
  return updateDoc(doc(db, path.matchUp(matchUpId)), {
    result: { kind: 'PLAYED', score: { a, b } },
    // The rules want a role the writer's role document holds, and the server's time (request.time), never the
    // phone's clock. An account with no role claims none, and is refused.
    scoredBy: matchUp ? scorerOf(myRole, matchUp) : null,
    scoredAt: serverTimestamp(),
  });
}

ui.matchUp.addEventListener('change', renderSides);
ui.saveScore.addEventListener(
  'click',
  () =>
    void act(
      ui.scoreStatus,
      async () => {
        const matchUpId = ui.matchUp.value;
        if (!matchUpId) throw new Error('choose a matchUp');
        const a = Number(ui.scoreA.value);
        const b = Number(ui.scoreB.value);
        await writeScore(matchUpId, a, b);
        return `saved ${matchUpId}: ${a}–${b}`;
      },
      SCORE_REFUSAL,
    ),
);

ui.generate.addEventListener(
  'click',
  () =>
    void act(ui.generateStatus, async () => {
      const generate = httpsCallable<
        { tournamentId: string; requestId: string },
        { roundNumber: number; matchUps: number; byes: string[] }
      >(functions, 'generateNextRound');
      const { data } = await generate({ tournamentId, requestId: crypto.randomUUID() });
      ui.generateStatus.dataset.round = String(data.roundNumber);
      return `round ${data.roundNumber} generated: ${data.matchUps} matchUps${data.byes.length ? `, byes: ${data.byes.join(', ')}` : ''}`;
    }),
);

// ---------------------------------------------------------------- latency: score write -> standings row

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export interface BenchResult {
  count: number;
  p50: number;
  p95: number;
  max: number;
  ackP50: number;
  samples: number[];
}

/**
 * Writes the selected matchUp `count` times, alternating a win and a loss for the signed-in player (5-3 / 3-5
 * from their side), and times each write until their standings row's onSnapshot shows it. One write at a time:
 * the next goes once the row has caught up with the previous one.
 */
async function bench(count: number, matchUpId: string, timeoutMs = 15_000): Promise<BenchResult> {
  const participantId = myParticipantId;
  const matchUp = matchUps.get(matchUpId);
  if (!participantId || !matchUp || (matchUp.a !== participantId && matchUp.b !== participantId)) {
    throw new Error(`sign in as a player of ${matchUpId} first`);
  }
  const side = matchUp.a === participantId ? 'a' : 'b';
  const other = side === 'a' ? 'b' : 'a';

  let latest: DocumentData | undefined;
  let waiter: { done: (row: DocumentData) => boolean; resolve: (at: number) => void } | undefined;
  let first!: () => void;
  const firstSnapshot = new Promise<void>((resolve) => (first = resolve));
  const stop = onSnapshot(doc(db, path.standing(participantId)), (snapshot) => {
    const at = performance.now();
    latest = snapshot.data();
    first();
    if (latest && waiter?.done(latest)) {
      waiter.resolve(at);
      waiter = undefined;
    }
  });
  try {
    await firstSnapshot;
    // The row's points apart from this matchUp, so each expected row is exact whatever else was played.
    const current = matchUps.get(matchUpId)?.result?.score;
    const baseWon = Number(latest?.pointsWon ?? 0) - (current?.[side] ?? 0);
    const baseLost = Number(latest?.pointsLost ?? 0) - (current?.[other] ?? 0);
    const samples: number[] = [];
    const acks: number[] = [];
    const winsNow = (current?.[side] ?? 0) > (current?.[other] ?? 0);
    for (let i = 0; i < count; i++) {
      const win = winsNow ? i % 2 === 1 : i % 2 === 0;
      const mine = win ? 5 : 3;
      const theirs = win ? 3 : 5;
      const done = (row: DocumentData) => row.pointsWon === baseWon + mine && row.pointsLost === baseLost + theirs;
      if (latest && done(latest)) throw new Error(`write ${i + 1}: the row already shows ${mine}-${theirs}`);
      const arrived = new Promise<number>((resolve, reject) => {
        waiter = { done, resolve };
        setTimeout(
          () =>
            reject(
              new Error(
                `write ${i + 1} (${mine}-${theirs}): the standings row did not follow within ${timeoutMs} ms; last row ${JSON.stringify(latest)}`,
              ),
            ),
          timeoutMs,
        );
      });
      const start = performance.now();
      await writeScore(matchUpId, side === 'a' ? mine : theirs, side === 'a' ? theirs : mine);
      acks.push(performance.now() - start);
      samples.push((await arrived) - start);
      setStatus(ui.benchStatus, 'pending', `write ${i + 1} of ${count}: ${samples.at(-1)!.toFixed(0)} ms`);
    }
    const sorted = [...samples].sort((x, y) => x - y);
    const ackSorted = [...acks].sort((x, y) => x - y);
    return {
      count,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted.at(-1)!,
      ackP50: percentile(ackSorted, 0.5),
      samples,
    };
  } finally {
    stop();
  }
}

ui.bench.addEventListener(
  'click',
  () =>
    void act(ui.benchStatus, async () => {
      const result = await bench(Number(ui.benchCount.value), ui.matchUp.value);
      Object.assign(ui.benchStatus.dataset, {
        count: String(result.count),
        p50: result.p50.toFixed(1),
        p95: result.p95.toFixed(1),
        samples: JSON.stringify(result.samples.map((s) => Math.round(s * 10) / 10)),
      });
      return (
        `p50=${result.p50.toFixed(0)} ms p95=${result.p95.toFixed(0)} ms max=${result.max.toFixed(0)} ms over ${result.count} writes ` +
        `(write acknowledged: p50=${result.ackP50.toFixed(0)} ms)`
      );
    }),
);

// ---------------------------------------------------------------- start

ui.connection.textContent = `· ${projectId} · auth ${url(emulators.auth)} · firestore ${url(emulators.firestore)} · functions ${url(emulators.functions)}`;
listen();
void auth.authStateReady().then(() => {
  ui.app.dataset.ready = 'true';
});
