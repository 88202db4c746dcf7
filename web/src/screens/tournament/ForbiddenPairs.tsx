/**
 * Forbidden pairs on the Participants tab (docs/pairing.md#forbidden-pairs): two names who must not meet (siblings,
 * teammates, a coach and a pupil). Every pairing method keeps them apart while it can.
 */
import { type FormEvent, useState } from 'react';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { useTournamentData } from './data';

export function ForbiddenPairs() {
  const { tournamentId, tournament, participants, nameOf } = useTournamentData();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [status, run] = useAction();
  const pairs = tournament?.forbiddenPairs ?? [];
  const sorted = [...participants].sort((x, y) => x.name.localeCompare(y.name));
  const save = (next: { a: string; b: string }[], done: string) =>
    run(async () => {
      await actions.setForbiddenPairs({ tournamentId, pairs: next });
      return done;
    });
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    void save([...pairs, { a: first, b: second }], `${nameOf(first)} and ${nameOf(second)} will not be paired`).then(
      (ok) => {
        if (ok) {
          setFirst('');
          setSecond('');
        }
      },
    );
  };
  const choose = (value: string, set: (v: string) => void, other: string) => (p: object) => (
    <select {...p} value={value} onChange={(e) => set(e.target.value)} required>
      <option value="">choose…</option>
      {sorted
        .filter((x) => x.participantId !== other)
        .map((x) => (
          <option key={x.participantId} value={x.participantId}>
            {x.name}
          </option>
        ))}
    </select>
  );
  return (
    <section className="card stack" aria-labelledby="forbidden-title">
      <h2 id="forbidden-title">Must not meet</h2>
      <p className="muted small">
        Siblings, teammates, a coach and a pupil: never paired while another pairing exists.
      </p>
      {pairs.length > 0 ? (
        <ul aria-label="Pairs who must not meet">
          {pairs.map(({ a: x, b: y }) => (
            <li key={`${x}|${y}`} className="row between">
              <span>
                {nameOf(x)} and {nameOf(y)}
              </span>
              <button
                type="button"
                onClick={() =>
                  void save(
                    pairs.filter(({ a, b }) => !(a === x && b === y)),
                    `${nameOf(x)} and ${nameOf(y)} may meet again`,
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="row wrap" onSubmit={onAdd}>
        <Field label="Player">{choose(first, setFirst, second)}</Field>
        <Field label="and player">{choose(second, setSecond, first)}</Field>
        <button type="submit" disabled={status.state === 'pending'}>
          Keep apart
        </button>
      </form>
      <Status status={status} />
    </section>
  );
}
