/**
 * Deck lists (docs/judging.md#deck-lists): the organizer turns them on with a deadline and publishes them after the
 * cut or the event; a player submits theirs from the phone until the deadline; staff enter or correct any list
 * (after the deadline, logged), read the log and record deck checks by table.
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  canReadDeckList,
  cardCount,
  DeckListText,
  deckListsLocked,
  describeDeckChange,
  normalDeckList,
  readDeckSection,
  splitPastedList,
} from '@competition/engine';
import { href } from '../../app/route';
import { useSession } from '../../app/session';
import { ErrorNote, Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import {
  type DeckCheck,
  type DeckList,
  type DeckListChange,
  watchDeckChecks,
  watchDeckList,
  watchDeckListChanges,
  watchDeckLists,
} from '../../data/watchDeckLists';
import { recordDeckCheck, setDeckListSettings, submitDeckList } from '../../data/writes';
import { hallTime } from '../../lib/format';
import { useTournamentData } from './data';

/** Whether lists are on, locked for the players now (the organizer's time is watched), and published. */
function useDeckListState() {
  const { tournament } = useTournamentData();
  const settings = tournament?.deckLists;
  const [now, setNow] = useState(() => Date.now());
  const deadlineAt = settings?.deadlineAt;
  useEffect(() => {
    if (deadlineAt === undefined) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  if (!tournament || !settings) return null;
  return {
    settings,
    locked: deckListsLocked(settings, tournament, now),
    published: settings.published === true,
  };
}

/** Why lists are locked, as the phone says it. */
function lockedWords(deadlineAt: number | undefined, currentRound: number): string {
  return currentRound >= 1 || deadlineAt === undefined
    ? 'round 1 is paired'
    : `the deadline was ${new Date(deadlineAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`;
}

function useDeckList(participantId: string, readable: boolean) {
  const { tournamentId } = useTournamentData();
  return useLive<DeckList | null>(readable ? `deck:${tournamentId}:${participantId}` : null, (onData, onError) =>
    watchDeckList(tournamentId, participantId, onData, onError),
  );
}

/** The totals a list is known by: "60 cards · sideboard 15". */
function totals(list: { main: string; sideboard: string }): string {
  const main = cardCount(readDeckSection(list.main, 'MAIN').cards);
  const side = cardCount(readDeckSection(list.sideboard, 'SIDEBOARD').cards);
  return `${main} cards${side ? ` · sideboard ${side}` : ''}`;
}

/** A list as printed and shown read-only: its sections, one card a line. */
export function DeckListView({ list }: { list: { main: string; sideboard: string } }) {
  const main = readDeckSection(list.main, 'MAIN').cards;
  const side = readDeckSection(list.sideboard, 'SIDEBOARD').cards;
  return (
    <div className="deck-list-view">
      <h4>Main deck ({cardCount(main)})</h4>
      <ul className="deck-cards">
        {main.map((card) => (
          <li key={card.name}>
            {card.count} {card.name}
          </li>
        ))}
      </ul>
      {side.length ? (
        <>
          <h4>Sideboard ({cardCount(side)})</h4>
          <ul className="deck-cards">
            {side.map((card) => (
              <li key={card.name}>
                {card.count} {card.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * The two boxes of a list; a whole list put into the main deck's box at once fills both. "At once" is read from the
 * change, not from a paste event: a phone keyboard's clipboard, a drop or an autofill insert text without one.
 */
function DeckListFields({
  value,
  onChange,
}: {
  value: { main: string; sideboard: string };
  onChange: (next: { main: string; sideboard: string }) => void;
}) {
  const changeMain = (main: string) => {
    const split = value.sideboard.trim() ? null : splitPastedList(main);
    const atOnce = lineCount(main) - lineCount(value.main) >= 2;
    onChange(split?.sideboard && atOnce ? split : { ...value, main });
  };
  return (
    <>
      <Field label="Main deck" hint='One card a line: "4 Lightning Bolt". Paste a whole list here to fill both.'>
        {(f) => <textarea {...f} rows={8} value={value.main} onChange={(e) => changeMain(e.target.value)} />}
      </Field>
      <Field label="Sideboard">
        {(f) => (
          <textarea
            {...f}
            rows={4}
            value={value.sideboard}
            onChange={(e) => onChange({ ...value, sideboard: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

const lineCount = (text: string) => text.split(/\r?\n/).length;

/** The list checked as the backend will: its normal form, or the message of each bad line. */
function checked(value: { main: string; sideboard: string }) {
  const parsed = DeckListText.safeParse(value);
  return parsed.success
    ? { list: normalDeckList(parsed.data), problems: [] }
    : { list: null, problems: parsed.error.issues.map((issue) => issue.message) };
}

/** A player's own list, on the phone: editable until the deadline, then shown locked. */
export function MyDeckList({ participantId }: { participantId: string }) {
  const { tournamentId, tournament } = useTournamentData();
  const state = useDeckListState();
  const stored = useDeckList(participantId, state !== null);
  const [draft, setDraft] = useState<{ main: string; sideboard: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [status, run] = useAction();
  if (!state || !tournament) return null;
  const list = stored.data;
  const value = draft ?? { main: list?.main ?? '', sideboard: list?.sideboard ?? '' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { list: normal, problems: found } = checked(value);
    setProblems(found);
    if (!normal) return;
    void run(async () => {
      await submitDeckList(tournamentId, participantId, normal);
      setDraft(null);
      return `your list is in: ${totals(normal)}`;
    });
  };
  return (
    <section className="my-deck-list stack" aria-labelledby={`deck-${participantId}`}>
      <h3 id={`deck-${participantId}`}>Your deck list</h3>
      <ErrorNote error={stored.error} />
      {list ? (
        <p className="deck-list-state" data-deck-list="in">
          Your list is in: {totals(list)}
          {list.updatedBy !== 'PLAYER' ? ' (changed by a judge)' : ''}.
        </p>
      ) : (
        <p className="deck-list-state" data-deck-list="missing">
          {state.locked ? 'You sent no list.' : 'Send your list before round 1.'}
        </p>
      )}
      {state.locked ? (
        <>
          <p className="note deck-list-locked">
            Deck lists are locked: {lockedWords(state.settings.deadlineAt, tournament.currentRound)}. Ask a judge to
            change yours.
          </p>
          {list ? <DeckListView list={list} /> : null}
        </>
      ) : (
        <form className="stack" onSubmit={submit}>
          {state.settings.deadlineAt !== undefined ? (
            <p className="muted small">
              Deadline: {new Date(state.settings.deadlineAt).toLocaleString([], { timeStyle: 'short' })}, or round 1 if
              sooner.
            </p>
          ) : null}
          <DeckListFields value={value} onChange={setDraft} />
          {problems.length ? (
            <ul className="field-error deck-problems" role="alert">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <button type="submit" disabled={status.state === 'pending'}>
            {list ? 'Send my list again' : 'Send my list'}
          </button>
          <Status status={status} />
        </form>
      )}
    </section>
  );
}

function useDeckListChanges(staff: boolean) {
  const { tournamentId } = useTournamentData();
  return useLive<DeckListChange[]>(staff ? `deck-log:${tournamentId}` : null, (onData, onError) =>
    watchDeckListChanges(tournamentId, onData, onError),
  );
}

function ChangeLog({ changes }: { changes: DeckListChange[] }) {
  const { nameOf } = useTournamentData();
  const role = (by: DeckListChange['by']) => (by === 'EDITOR' ? 'organizer' : 'scorekeeper');
  return (
    <ol className="deck-log">
      {changes.map((entry) => (
        <li key={entry.changeId} data-deck-change={entry.participantId}>
          <strong>{nameOf(entry.participantId)}</strong>: {entry.changes.map(describeDeckChange).join(', ')} · by{' '}
          {entry.byName ? `${entry.byName} (${role(entry.by)})` : `the ${role(entry.by)}`} at {hallTime(entry.atMs)}
        </li>
      ))}
    </ol>
  );
}

/**
 * A player's list on their page: staff read it, enter or correct it (logged after the deadline) and see its log;
 * the player reads it; anyone reads it once the lists are published.
 */
export function ParticipantDeckList({ participantId }: { participantId: string }) {
  const { user } = useSession();
  const { tournamentId, roles } = useTournamentData();
  const state = useDeckListState();
  const staff = roles.editor || roles.scorekeeper;
  const readable =
    state !== null && canReadDeckList(user?.uid, { ...roles, tournamentId }, participantId, state.published);
  const stored = useDeckList(participantId, readable);
  const changes = useDeckListChanges(staff && state !== null);
  const [draft, setDraft] = useState<{ main: string; sideboard: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [status, run] = useAction();
  if (!state || !readable) return null;
  const list = stored.data;
  const mine = (changes.data ?? []).filter((entry) => entry.participantId === participantId);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = draft ?? { main: list?.main ?? '', sideboard: list?.sideboard ?? '' };
    const { list: normal, problems: found } = checked(value);
    setProblems(found);
    if (!normal) return;
    void run(async () => {
      const { logged } = await actions.setDeckList({ tournamentId, participantId, ...normal });
      setDraft(null);
      return logged ? 'list changed; the change is in the log' : 'list saved';
    });
  };
  return (
    <section className="stack deck-list-desk" aria-labelledby="deck-list-title">
      <h3 id="deck-list-title">Deck list</h3>
      <ErrorNote error={stored.error} />
      {list ? (
        <p className="muted small">
          {totals(list)} · {list.updatedBy === 'PLAYER' ? 'sent by the player' : 'entered by staff'} at{' '}
          {hallTime(list.updatedAtMs)}
        </p>
      ) : (
        <p className="muted">No list yet.</p>
      )}
      {list && (!staff || draft === null) ? <DeckListView list={list} /> : null}
      {staff ? (
        draft === null ? (
          <button type="button" onClick={() => setDraft({ main: list?.main ?? '', sideboard: list?.sideboard ?? '' })}>
            {list ? 'Correct the list' : 'Enter the list'}
          </button>
        ) : (
          <form className="stack" onSubmit={save}>
            {state.locked ? (
              <p className="note">The deadline has passed: your change is logged with your name and the time.</p>
            ) : null}
            <DeckListFields value={draft} onChange={setDraft} />
            {problems.length ? (
              <ul className="field-error deck-problems" role="alert">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
            <div className="row">
              <button type="submit" disabled={status.state === 'pending'}>
                Save the list
              </button>
              <button type="button" className="secondary" onClick={() => setDraft(null)}>
                Cancel
              </button>
            </div>
          </form>
        )
      ) : null}
      <Status status={status} />
      {staff && mine.length ? (
        <>
          <h4>Changes after the deadline</h4>
          <ChangeLog changes={mine} />
        </>
      ) : null}
    </section>
  );
}

/**
 * The desk's deck lists card, for staff: who has sent a list, the log of changes after the deadline, and the deck
 * checks of the current round (a table picked by hand or at random, and what was found).
 */
export function DeckListsDesk() {
  const { tournamentId, tournament, participants, matchUps, currentRound, nameOf, roles } = useTournamentData();
  const state = useDeckListState();
  const staff = roles.editor || roles.scorekeeper;
  const lists = useLive<DeckList[]>(state && staff ? `decks:${tournamentId}` : null, (onData, onError) =>
    watchDeckLists(tournamentId, onData, onError),
  );
  const changes = useDeckListChanges(state !== null && staff);
  if (!state || !staff || !tournament) return null;
  const sent = new Set((lists.data ?? []).map((list) => list.participantId));
  const entered = participants.filter((p) => !p.withdrawn);
  const missing = entered.filter((p) => !sent.has(p.participantId));
  return (
    <section className="card stack deck-lists-desk" aria-labelledby="deck-lists-desk-title">
      <h2 id="deck-lists-desk-title">Deck lists and deck checks</h2>
      <ErrorNote error={lists.error ?? changes.error} />
      <p>
        <strong>{entered.length - missing.length}</strong> of {entered.length} lists in ·{' '}
        {state.locked ? 'locked for the players' : 'players may still change theirs'}
        {state.published ? ' · published' : ''} · <a href={href.print(tournamentId, 'decklists')}>Print all lists</a>
      </p>
      {missing.length ? (
        <p className="muted small deck-lists-missing">
          No list from:{' '}
          {missing.map((p, i) => (
            <span key={p.participantId}>
              {i ? ', ' : ''}
              <a href={href.participant(tournamentId, p.participantId)}>{p.name}</a>
            </span>
          ))}
        </p>
      ) : null}
      <h3>Changes after the deadline</h3>
      {changes.data?.length ? <ChangeLog changes={changes.data} /> : <p className="muted">None.</p>}
      {currentRound && tournament.status === 'RUNNING' ? (
        <DeckChecks
          roundNumber={currentRound.roundNumber}
          games={matchUps.filter((m) => m.roundNumber === currentRound.roundNumber && m.b !== null)}
          nameOf={nameOf}
        />
      ) : null}
    </section>
  );
}

function DeckChecks({
  roundNumber,
  games,
  nameOf,
}: {
  roundNumber: number;
  games: Array<{ matchUpId: string; order: number; a: string; b: string | null; roundNumber: number }>;
  nameOf: (id: string | null) => string;
}) {
  const { tournamentId, roles } = useTournamentData();
  const checks = useLive<DeckCheck[]>(`deck-checks:${tournamentId}:${roundNumber}`, (onData, onError) =>
    watchDeckChecks(tournamentId, roundNumber, onData, onError),
  );
  const [form, setForm] = useState({ matchUpId: '', outcome: 'OK' as 'OK' | 'PROBLEM', note: '' });
  const [status, run] = useAction();
  const done = new Set((checks.data ?? []).map((c) => c.matchUpId));
  const unchecked = games.filter((g) => !done.has(g.matchUpId));
  const table = (matchUpId: string) => (games.find((g) => g.matchUpId === matchUpId)?.order ?? 0) + 1;
  const pickAtRandom = () => {
    const pick = unchecked[Math.floor(Math.random() * unchecked.length)];
    if (pick) setForm({ ...form, matchUpId: pick.matchUpId });
  };
  const record = (event: FormEvent) => {
    event.preventDefault();
    const game = games.find((g) => g.matchUpId === form.matchUpId);
    if (!game) return;
    void run(async () => {
      await recordDeckCheck(tournamentId, game, {
        outcome: form.outcome,
        note: form.note.trim(),
        by: roles.editor ? 'EDITOR' : 'SCOREKEEPER',
      });
      setForm({ matchUpId: '', outcome: 'OK', note: '' });
      return `deck check at table ${game.order + 1} recorded`;
    });
  };
  return (
    <>
      <h3>Deck checks, round {roundNumber}</h3>
      <ErrorNote error={checks.error} />
      {checks.data?.length ? (
        <ol className="deck-checks">
          {[...checks.data]
            .sort((x, y) => table(x.matchUpId) - table(y.matchUpId))
            .map((check) => (
              <li key={check.matchUpId} data-deck-check-table={table(check.matchUpId)} data-outcome={check.outcome}>
                <strong>Table {table(check.matchUpId)}</strong>:{' '}
                {check.outcome === 'OK' ? 'decks as listed' : 'a problem found'}
                {check.note ? ` · ${check.note}` : ''} · {hallTime(check.checkedAtMs)}
              </li>
            ))}
        </ol>
      ) : (
        <p className="muted">No deck checks yet this round.</p>
      )}
      <form className="row wrap deck-check-form" onSubmit={record}>
        <Field label="Table">
          {(f) => (
            <select {...f} value={form.matchUpId} onChange={(e) => setForm({ ...form, matchUpId: e.target.value })}>
              <option value="">Pick a table</option>
              {games.map((g) => (
                <option key={g.matchUpId} value={g.matchUpId}>
                  Table {g.order + 1}: {nameOf(g.a)} v {nameOf(g.b)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="button" className="secondary" onClick={pickAtRandom} disabled={unchecked.length === 0}>
          Pick a table at random
        </button>
        <Field label="Outcome">
          {(f) => (
            <select
              {...f}
              value={form.outcome}
              onChange={(e) => setForm({ ...form, outcome: e.target.value as 'OK' | 'PROBLEM' })}
            >
              <option value="OK">Decks as listed</option>
              <option value="PROBLEM">A problem found</option>
            </select>
          )}
        </Field>
        <Field label="Note">
          {(f) => (
            <input
              {...f}
              maxLength={500}
              value={form.note}
              onChange={(e) => setForm({ ...form, note: e.target.value })}
            />
          )}
        </Field>
        <button type="submit" disabled={status.state === 'pending' || !form.matchUpId}>
          Record the deck check
        </button>
      </form>
      <Status status={status} />
    </>
  );
}

/** The desk's switch for deck lists: on, an optional earlier deadline, and published (open deck lists). */
export function DeckListSettingsForm() {
  const { tournament, tournamentId } = useTournamentData();
  const [status, run] = useAction();
  const stored = tournament?.deckLists;
  const [form, setForm] = useState(() => ({
    on: stored !== undefined,
    deadline: stored?.deadlineAt !== undefined ? localInput(stored.deadlineAt) : '',
    published: stored?.published === true,
  }));
  if (!tournament) return null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const deadlineAt = form.deadline ? new Date(form.deadline).getTime() : undefined;
      await setDeckListSettings(
        tournamentId,
        form.on
          ? {
              ...(deadlineAt !== undefined && !Number.isNaN(deadlineAt) ? { deadlineAt } : {}),
              published: form.published,
            }
          : null,
      );
      return form.on ? (form.published ? 'deck lists on and published' : 'deck lists on') : 'deck lists off';
    });
  };
  return (
    <form className="card stack" onSubmit={save} aria-labelledby="deck-list-settings-title">
      <h2 id="deck-list-settings-title">Deck lists</h2>
      <label className="row">
        <input type="checkbox" checked={form.on} onChange={(e) => setForm({ ...form, on: e.target.checked })} />
        Players send their deck lists from the phone
      </label>
      <Field label="Deadline (optional)" hint="Lists lock at this time, or when round 1 is paired if that comes first.">
        {(f) => (
          <input
            {...f}
            type="datetime-local"
            value={form.deadline}
            onChange={(e) => setForm({ ...form, deadline: e.target.value })}
          />
        )}
      </Field>
      <label className="row">
        <input
          type="checkbox"
          checked={form.published}
          onChange={(e) => setForm({ ...form, published: e.target.checked })}
        />
        Publish all lists (open deck lists: after the cut or after the event)
      </label>
      <button type="submit" disabled={status.state === 'pending'}>
        Save deck lists
      </button>
      <Status status={status} id="deck-list-settings-status" />
    </form>
  );
}

/** A time as a datetime-local input shows it, in the device's zone. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
