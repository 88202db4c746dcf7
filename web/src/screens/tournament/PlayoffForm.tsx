/**
 * The organizer's control of a Swiss's or a round robin's finals and top cut (docs/playoff.md): changeable until the
 * playoff's first round is paired; the server says why when it is too late or the Swiss has no planned rounds.
 */
import { type FormEvent, useState } from 'react';
import { playoffOf } from '@competition/engine/view';
import { Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { Tournament } from '../../data/shapes';
import { useTournamentData } from './data';
import { PlayoffChoices } from '../../components/PlayoffChoices';

const valuesOf = (t: Tournament) => {
  const playoff = playoffOf(t.system, t.pairing.options);
  return {
    topCut: String(playoff?.topCut ?? 0),
    finals: String(playoff?.finals ?? 0),
    finalKind: playoff?.bestOfThree ? 'BEST_OF_THREE' : 'SINGLE',
  };
};

export function PlayoffForm({ tournament }: { tournament: Tournament }) {
  // The inputs restart from the stored values whenever they change (another editor, a save); the save's status
  // stays above them, or the organizer's own save would wipe its "saved".
  const action = useAction();
  return <PlayoffEditor key={JSON.stringify(valuesOf(tournament))} tournament={tournament} action={action} />;
}

function PlayoffEditor({ tournament, action }: { tournament: Tournament; action: ReturnType<typeof useAction> }) {
  const { tournamentId } = useTournamentData();
  const [form, setForm] = useState(() => valuesOf(tournament));
  const [status, run] = action;
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await actions.setPlayoff({
        tournamentId,
        topCut: Number(form.topCut) as 0 | 4 | 8 | 16,
        finals: Number(form.finals) as 0 | 1 | 2,
        finalKind: form.finalKind as 'SINGLE' | 'BEST_OF_THREE',
      });
      return 'finals and top cut saved';
    });
  };
  return (
    <form className="card stack" onSubmit={onSubmit} aria-labelledby="playoff-title">
      <h2 id="playoff-title">Finals and top cut</h2>
      <p className="muted small">
        Played after the last {tournament.system === 'SWISS' ? 'Swiss ' : ''}round, seeded by the standings; they can
        change until the first playoff round is paired.
      </p>
      <PlayoffChoices values={form} set={set} withTopCut />
      <button type="submit">Save finals and top cut</button>
      <Status status={status} id="playoff-status" />
    </form>
  );
}
