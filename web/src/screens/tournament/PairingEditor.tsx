/**
 * Pairing edits on the Rounds tab (docs/pairing.md#pairing-edits): before a round's first result the organizer swaps
 * two players, moves the bye, pairs two by hand, takes a player out or adds a late entry. The engine answers what
 * an edit breaks; the organizer applies it anyway or cancels. The round's edits are listed under it.
 */
import { type FormEvent, useState } from 'react';
import type { PairingEdit } from '@competition/engine';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { MatchUp, Round } from '../../data/shapes';
import { useTournamentData } from './data';
import { hallTime } from '../../lib/format';

type Kind = PairingEdit['kind'];

const KINDS: { kind: Kind; label: string; two: boolean }[] = [
  { kind: 'SWAP', label: 'Swap two players', two: true },
  { kind: 'PAIR', label: 'Pair two players', two: true },
  { kind: 'GIVE_BYE', label: 'Give a player the bye', two: false },
  { kind: 'TAKE_BYE', label: 'Take the bye away', two: false },
  { kind: 'REMOVE', label: 'Take a late or absent player out', two: false },
  { kind: 'ADD', label: 'Add a late entry', two: false },
];

interface Warning {
  kind: string;
  message: string;
}

export function PairingEditor({ round, matchUps }: { round: Round; matchUps: MatchUp[] }) {
  const { tournamentId, participants, nameOf } = useTournamentData();
  const [kind, setKind] = useState<Kind>('SWAP');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [pending, setPending] = useState<{ edit: PairingEdit; warnings: Warning[] } | null>(null);
  const [status, run] = useAction();
  const inRound = [...matchUps.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b])), ...(round.waiting ?? [])];
  const choices =
    kind === 'ADD'
      ? participants.filter((p) => !p.withdrawn && !inRound.includes(p.participantId)).map((p) => p.participantId)
      : kind === 'TAKE_BYE'
        ? round.byes
        : inRound;
  const sorted = [...choices].sort((x, y) => nameOf(x).localeCompare(nameOf(y)));
  const two = KINDS.find((k) => k.kind === kind)!.two;

  const editOf = (): PairingEdit =>
    two
      ? { kind: kind as 'SWAP' | 'PAIR', first, second }
      : { kind: kind as 'GIVE_BYE' | 'TAKE_BYE' | 'REMOVE' | 'ADD', player: first };

  const send = (edit: PairingEdit, confirm: boolean) =>
    run(async () => {
      const answer = await actions.editPairings({ tournamentId, roundNumber: round.roundNumber, edit, confirm });
      if (!answer.applied) {
        setPending({ edit, warnings: answer.warnings });
        return 'this change breaks something: apply it anyway, or cancel';
      }
      setPending(null);
      setFirst('');
      setSecond('');
      return `changed: ${describeEdit(edit, nameOf)}`;
    });

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void send(editOf(), false);
  };

  return (
    <section className="stack subtle pairing-editor" aria-labelledby="pairing-editor-title">
      <h3 id="pairing-editor-title">Change the pairings</h3>
      <p className="muted small">Until the first result of the round. The engine says what a change breaks first.</p>
      <form className="row wrap" onSubmit={onCheck}>
        <Field label="Change">
          {(p) => (
            <select
              {...p}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as Kind);
                setFirst('');
                setSecond('');
                setPending(null);
              }}
            >
              {KINDS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={two ? 'First player' : 'Player'}>
          {(p) => (
            <select {...p} value={first} onChange={(e) => setFirst(e.target.value)} required>
              <option value="">choose…</option>
              {sorted.map((id) => (
                <option key={id} value={id}>
                  {nameOf(id)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {two ? (
          <Field label="Second player">
            {(p) => (
              <select {...p} value={second} onChange={(e) => setSecond(e.target.value)} required>
                <option value="">choose…</option>
                {sorted
                  .filter((id) => id !== first)
                  .map((id) => (
                    <option key={id} value={id}>
                      {nameOf(id)}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        ) : null}
        <button type="submit" disabled={status.state === 'pending' || pending !== null}>
          Check and apply
        </button>
      </form>
      {pending ? (
        <div className="confirm stack warn" role="alertdialog" aria-labelledby="edit-warnings-title">
          <p id="edit-warnings-title">
            <strong>{describeEdit(pending.edit, nameOf)}</strong> breaks:
          </p>
          <ul aria-label="What this change breaks">
            {pending.warnings.map((w) => (
              <li key={w.message} data-warning={w.kind}>
                {w.message}
              </li>
            ))}
          </ul>
          <div className="row wrap">
            <button type="button" className="danger" onClick={() => void send(pending.edit, true)}>
              Apply anyway
            </button>
            <button
              type="button"
              onClick={() => {
                setPending(null);
                void run(() => Promise.resolve('cancelled: the pairings are unchanged'));
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <Status status={status} id="pairing-edit-status" />
    </section>
  );
}

/** The round's edits, oldest first, and the players an edit left without a game. */
export function RoundEdits({ round }: { round: Round }) {
  const { nameOf } = useTournamentData();
  const edits = round.edits ?? [];
  const waiting = round.waiting ?? [];
  if (edits.length === 0 && waiting.length === 0) return null;
  return (
    <div className="stack small">
      {waiting.length > 0 ? (
        <p className="note" data-waiting>
          Waiting for a game: {waiting.map(nameOf).join(', ')}
        </p>
      ) : null}
      {edits.length > 0 ? (
        <>
          <h3 id="round-edits-title">Changed by hand</h3>
          <ol aria-labelledby="round-edits-title" className="round-edits">
            {edits.map((e, k) => (
              <li key={k} data-edit={e.edit.kind}>
                {describeEdit(e.edit, nameOf)} · by the {e.by === 'OWNER' ? 'owner' : 'editor'} at{' '}
                {hallTime(new Date(e.at).getTime())}
                {e.accepted.length > 0 ? <span className="muted"> (accepted: {e.accepted.join('; ')})</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

function describeEdit(edit: PairingEdit, nameOf: (id: string) => string): string {
  switch (edit.kind) {
    case 'SWAP':
      return `swap ${nameOf(edit.first)} and ${nameOf(edit.second)}`;
    case 'PAIR':
      return `pair ${nameOf(edit.first)} with ${nameOf(edit.second)}`;
    case 'GIVE_BYE':
      return `give ${nameOf(edit.player)} the bye`;
    case 'TAKE_BYE':
      return `take the bye from ${nameOf(edit.player)}`;
    case 'REMOVE':
      return `take ${nameOf(edit.player)} out of the round`;
    case 'ADD':
      return `add ${nameOf(edit.player)} to the round`;
  }
}
