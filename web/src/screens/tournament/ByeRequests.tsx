/**
 * Requested byes (docs/pairing.md#requested-byes): a player asks from the phone, or the organizer from the player's
 * page, for a half-point or a zero-point bye in a round not yet paired, and may take it back until it is paired.
 * The organizer sets what players may ask for on the desk.
 */
import { type FormEvent, useState } from 'react';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { setByeRules } from '../../data/writes';
import { useTournamentData } from './data';

const POINTS_WORDS = { FULL: 'full-point bye', HALF: 'half-point bye', ZERO: 'zero-point bye (absent)' } as const;
type Points = keyof typeof POINTS_WORDS;

/** The rounds a bye can still be asked for: those not yet paired, up to the planned last one. */
function openRounds(currentRound: number, totalRounds: number | undefined): number[] {
  const last = totalRounds ?? currentRound + 10;
  return Array.from({ length: Math.max(0, last - currentRound) }, (_, i) => currentRound + 1 + i);
}

export function ByeRequests({ participantId }: { participantId: string }) {
  const { tournament, tournamentId, participant, roles } = useTournamentData();
  const [status, run] = useAction();
  const entry = participant(participantId);
  const rounds = tournament ? openRounds(tournament.currentRound, tournament.totalRounds) : [];
  const [form, setForm] = useState<{ round: string; points: Points | null }>({ round: '', points: null });
  if (!tournament || !entry || entry.withdrawn || tournament.system !== 'SWISS' || tournament.status === 'CLOSED')
    return null;
  const requested = entry.requestedByes ?? [];
  // A player is offered only what the organizer's limits allow (docs/pairing.md#requested-byes); the organizer all.
  const rules = tournament.byeRules;
  const offered: Points[] = [
    ...(roles.editor || (rules?.halfPointByes ?? 0) > 0 ? (['HALF'] as const) : []),
    ...(roles.editor || rules?.zeroPointByes !== false ? (['ZERO'] as const) : []),
    ...(roles.editor ? (['FULL'] as const) : []),
  ];
  const points = form.points !== null && offered.includes(form.points) ? form.points : offered[0];
  const round = form.round || String(rounds.find((r) => !requested.some((bye) => bye.round === r)) ?? '');
  const ask = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!points) throw new Error('this tournament takes no byes on request: ask at the desk');
      await actions.requestBye({ tournamentId, participantId, round: Number(round), points });
      return `${POINTS_WORDS[points]} asked for in round ${round}`;
    });
  };
  const takeBack = (byeRound: number) =>
    void run(async () => {
      await actions.requestBye({ tournamentId, participantId, round: byeRound, points: null });
      return `the bye in round ${byeRound} is taken back`;
    });
  return (
    <section className="bye-requests stack" aria-labelledby={`byes-${participantId}`} data-byes={participantId}>
      <h3 id={`byes-${participantId}`}>Byes</h3>
      {requested.length ? (
        <ul>
          {requested.map((bye) => (
            <li key={bye.round} data-bye-round={bye.round} data-points={bye.points}>
              Round {bye.round}: {POINTS_WORDS[bye.points]}
              {bye.round > tournament.currentRound ? (
                <button
                  type="button"
                  className="quiet"
                  onClick={() => takeBack(bye.round)}
                  aria-label={`Take back the bye in round ${bye.round}`}
                >
                  Take back
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {rounds.length && points ? (
        <form className="row wrap" onSubmit={ask}>
          <Field label="Round">
            {(f) => (
              <select {...f} value={round} onChange={(e) => setForm({ ...form, round: e.target.value })}>
                {rounds.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Bye">
            {(f) => (
              <select {...f} value={points} onChange={(e) => setForm({ ...form, points: e.target.value as Points })}>
                {/* A whole point without play is the organizer's to give (docs/pairing.md#requested-byes). */}
                {offered.map((kind) => (
                  <option key={kind} value={kind}>
                    {POINTS_WORDS[kind]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" disabled={status.state === 'pending'}>
            Ask for a bye
          </button>
        </form>
      ) : null}
      {roles.editor ? null : <ByeLimits />}
      <Status status={status} />
    </section>
  );
}

/** What the organizer allows, said to the player before they ask. */
function ByeLimits() {
  const { tournament } = useTournamentData();
  const rules = tournament?.byeRules;
  const half = rules?.halfPointByes ?? 0;
  const closed = rules?.halfPointByesClosedLastRounds ?? 2;
  const words = [
    half === 0
      ? 'no half-point byes on request'
      : `up to ${half} half-point ${half === 1 ? 'bye' : 'byes'}${closed ? `, none in the last ${closed === 1 ? 'round' : `${closed} rounds`}` : ''}`,
    rules?.zeroPointByes === false
      ? 'absences at the desk only'
      : 'an absence (zero-point bye) in any round not paired yet',
  ];
  return <p className="muted small">This tournament takes {words.join('; ')}.</p>;
}

/** The desk's bye rules: what players may ask for, and what a late entry's missed rounds count. */
export function ByeRulesForm() {
  const { tournament, tournamentId } = useTournamentData();
  const [status, run] = useAction();
  const stored = tournament?.byeRules;
  const [form, setForm] = useState(() => ({
    halfPointByes: String(stored?.halfPointByes ?? 0),
    halfPointByesClosedLastRounds: String(stored?.halfPointByesClosedLastRounds ?? 2),
    zeroPointByes: stored?.zeroPointByes ?? true,
    lateEntries: stored?.lateEntries ?? 'ABSENT',
  }));
  if (!tournament || tournament.system !== 'SWISS') return null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await setByeRules(tournamentId, {
        halfPointByes: Number(form.halfPointByes),
        halfPointByesClosedLastRounds: Number(form.halfPointByesClosedLastRounds),
        zeroPointByes: form.zeroPointByes,
        lateEntries: form.lateEntries,
      });
      return 'bye rules saved';
    });
  };
  return (
    <form className="card stack" onSubmit={save} aria-labelledby="bye-rules-title">
      <h2 id="bye-rules-title">Byes on request</h2>
      <div className="row wrap">
        <CountField
          label="Half-point byes a player may ask for"
          value={form.halfPointByes}
          set={(halfPointByes) => setForm({ ...form, halfPointByes })}
        />
        <CountField
          label="None in the last rounds"
          value={form.halfPointByesClosedLastRounds}
          set={(halfPointByesClosedLastRounds) => setForm({ ...form, halfPointByesClosedLastRounds })}
        />
        <Field label="A late entry's missed rounds">
          {(f) => (
            <select
              {...f}
              value={form.lateEntries}
              onChange={(e) => setForm({ ...form, lateEntries: e.target.value as typeof form.lateEntries })}
            >
              <option value="ABSENT">count nothing</option>
              <option value="ZERO_BYES">zero-point byes</option>
              <option value="HALF_BYES">half-point byes</option>
            </select>
          )}
        </Field>
      </div>
      <label className="row">
        <input
          type="checkbox"
          checked={form.zeroPointByes}
          onChange={(e) => setForm({ ...form, zeroPointByes: e.target.checked })}
        />
        Players may announce an absence (a zero-point bye) from their phone
      </label>
      <p className="muted small">You may grant any bye yourself from a player's page, past these limits.</p>
      <button type="submit" disabled={status.state === 'pending'}>
        Save bye rules
      </button>
      <Status status={status} id="bye-rules-status" />
    </form>
  );
}

/** A count from 0 to 20 of the bye rules (the engine's ByeRules bounds). */
function CountField({ label, value, set }: { label: string; value: string; set: (value: string) => void }) {
  return (
    <Field label={label}>
      {(f) => <input {...f} type="number" min={0} max={20} value={value} onChange={(e) => set(e.target.value)} />}
    </Field>
  );
}
