/**
 * Setup mistakes undone from the organizer's desk (docs/organisation.md#correcting-the-setup): the scoring, while
 * round 1 is not paired, and the whole tournament, while it has not started. Each refusal is the server's, in words.
 */
import { type FormEvent, useState } from 'react';
import { href, navigate } from '../../app/route';
import { ConfirmButton } from '../../components/Confirm';
import { ScoringChoices, scoringFieldsOf } from '../../components/ScoringChoices';
import { Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { Tournament } from '../../data/shapes';
import { useTournamentData } from './data';

const numeric = (value: string) => (value.trim() === '' ? undefined : Number(value));

const scoringOf = (t: Tournament) => scoringFieldsOf(t.policy.scoringPolicy);

/** The scoring as the create form set it; once round 1 is paired it is shown, not changed, and the note says why. */
export function Scoring({ tournament }: { tournament: Tournament }) {
  const action = useAction();
  // The inputs restart from the stored values whenever they change (another editor, a save); the status stays.
  return <ScoringForm key={JSON.stringify(scoringOf(tournament))} tournament={tournament} action={action} />;
}

function ScoringForm({
  tournament,
  action: [status, run],
}: {
  tournament: Tournament;
  action: ReturnType<typeof useAction>;
}) {
  const { tournamentId } = useTournamentData();
  const [form, setForm] = useState(() => scoringOf(tournament));
  const fixed = tournament.currentRound > 0;
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await actions.changeScoring({
        tournamentId,
        gameTarget: numeric(form.gameTarget) ?? null,
        matchPoints: {
          win: numeric(form.win) as number,
          timedWin: numeric(form.timedWin) as number,
          draw: numeric(form.draw) as number,
          loss: numeric(form.loss) as number,
        },
        phantomScore: numeric(form.phantomScore) ?? 0,
      });
      return 'scoring saved';
    });
  };
  return (
    <section className="card stack" aria-labelledby="scoring-title">
      <h2 id="scoring-title">Scoring</h2>
      <p className="muted small" data-scoring-note>
        {fixed
          ? 'Round 1 is paired: its games count under this scoring, so it stays. It can change only before round 1 ' +
            '(undo round 1 first, while it has no result).'
          : 'The game’s target and the match points can change until round 1 is paired.'}
      </p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <ScoringChoices values={form} set={set} disabled={fixed} />
        {fixed ? null : (
          <button type="submit" disabled={status.state === 'pending'}>
            Save scoring
          </button>
        )}
        <Status status={status} id="scoring-status" />
      </form>
    </section>
  );
}

/** A tournament with no round yet can be deleted (a draft made by mistake); one that has started is closed instead. */
export function DeleteTournament({ tournament }: { tournament: Tournament }) {
  const { tournamentId } = useTournamentData();
  const [status, run] = useAction();
  if (tournament.currentRound > 0 || tournament.status !== 'DRAFT') return null;
  return (
    <section className="card stack" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete</h2>
      <p className="muted">
        No round is paired yet, so this tournament can still be deleted, with its participants. Its date becomes free
        for another tournament of the championship.
      </p>
      <ConfirmButton
        label="Delete this tournament"
        className="danger"
        question={
          <p>
            Delete {tournament.description} ({tournament.date}) and its participants? This cannot be undone.
          </p>
        }
        confirmLabel={`Yes, delete ${tournament.description}`}
        disabled={status.state === 'pending'}
        onConfirm={() =>
          void run(async () => {
            await actions.deleteTournament({ tournamentId });
            navigate(href.championship(tournament.championshipId));
            return 'tournament deleted';
          })
        }
      />
      <Status status={status} id="delete-status" />
    </section>
  );
}
