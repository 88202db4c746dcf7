/**
 * Participants: the list, one by one or pasted CSV (also late entries while the tournament runs), withdraw,
 * fixing a name, club or country, correcting a rating before the player's first rated game, and deleting an entry
 * added by mistake before any round pairs it (docs/organisation.md#correcting-the-setup). A Go tournament lists
 * each player's rank, strongest first (docs/go.md#ranks).
 */
import { ConfirmButton } from '../../components/Confirm';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { href } from '../../app/route';
import { Field, Loading, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { Participant } from '../../data/shapes';
import { updateParticipant } from '../../data/writes';
import { assertEntryDeletable, assertRatingCorrectable, rankValueOf } from '@competition/engine';
import { useTournamentData } from './data';
import { ForbiddenPairs } from './ForbiddenPairs';
import { hallTime } from '../../lib/format';

/** The domain's refusal, if any, as words to show before the organizer tries. */
function refusalOf(decide: () => void): string | null {
  try {
    decide();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

// The entry forms check each line with the callable's schema: they load with the organizer's view only.
const ParticipantForms = lazy(() => import('./ParticipantForms').then((m) => ({ default: m.ParticipantForms })));

export function ParticipantsTab() {
  const { participants, roles, tournament } = useTournamentData();
  const ranked = tournament?.pairing.method === 'MCMAHON' || participants.some((p) => p.goRank !== undefined);
  // The strongest first: by rank in Go (no rank counts as the weakest), then by rating.
  const rank = (p: Participant) => (p.goRank === undefined ? -99 : rankValueOf(p.goRank));
  const sorted = [...participants].sort(
    (x, y) => (ranked ? rank(y) - rank(x) : 0) || (y.rating ?? 0) - (x.rating ?? 0) || x.name.localeCompare(y.name),
  );
  const running = tournament?.status === 'RUNNING';
  return (
    <div className={roles.editor ? 'grid two wide-first' : 'stack'}>
      <section className="card" aria-labelledby="participants-title">
        <h2 id="participants-title">Participants ({participants.length})</h2>
        <div className="table-scroll">
          <table className="participants">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {ranked ? <th scope="col">Rank</th> : null}
                <th scope="col" className="num">
                  Rating
                </th>
                <th scope="col">Club</th>
                <th scope="col">Country</th>
                <th scope="col">From round</th>
                {roles.editor ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {sorted.map((p) => (
                <ParticipantRow key={p.participantId} participant={p} editor={roles.editor} ranked={ranked} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {roles.editor ? (
        <div className="stack">
          {running ? (
            <p className="note">The tournament is running: new entries are late entries, paired from the next round.</p>
          ) : null}
          <Suspense fallback={<Loading what="the entry forms" />}>
            <ParticipantForms />
          </Suspense>
          <ForbiddenPairs />
        </div>
      ) : null}
    </div>
  );
}

const byesWord = (n: number) => `${n} awarded ${n === 1 ? 'bye' : 'byes'}`;

function ParticipantRow({
  participant: p,
  editor,
  ranked,
}: {
  participant: Participant;
  editor: boolean;
  /** A Go tournament: the rank has its column. */
  ranked: boolean;
}) {
  const { tournamentId, matchUps, tournament } = useTournamentData();
  // Awarded byes are the first Swiss rounds' (docs/pairing.md#awarded-byes): set while nothing is paired.
  const byesEditable = tournament?.status === 'DRAFT' && tournament.system === 'SWISS';
  const [editing, setEditing] = useState(false);
  const [status, run] = useAction();
  const busy = status.state === 'pending';
  const games = matchUps.filter((m) => m.a === p.participantId || m.b === p.participantId);
  const ratingFrozen = refusalOf(() =>
    assertRatingCorrectable(
      p,
      games
        .filter((m) => m.result !== null)
        .map((m) => ({ a: m.a, b: m.b, played: m.b !== null && (m.result?.kind ?? 'PLAYED') === 'PLAYED' })),
    ),
  );
  const deletable = refusalOf(() => assertEntryDeletable(p, games)) === null;
  const [draft, setDraft] = useState({
    name: p.name,
    rating: p.rating === undefined ? '' : String(p.rating),
    club: p.club ?? '',
    country: p.country ?? '',
    awardedByes: p.awardedByes ?? 0,
    unlink: false,
  });
  if (editing) {
    const onSave = (event: FormEvent) => {
      event.preventDefault();
      void run(async () => {
        // The rating first: refused (a rated game already), nothing else of the form is saved either.
        const rating = draft.rating.trim() === '' ? undefined : Number(draft.rating);
        if (rating !== undefined && rating !== p.rating)
          await actions.correctRating({ tournamentId, participantId: p.participantId, rating });
        await updateParticipant(tournamentId, p.participantId, {
          name: draft.name.trim(),
          ...(draft.club.trim() ? { club: draft.club.trim() } : {}),
          ...(draft.country.trim() ? { country: draft.country.trim() } : {}),
          ...(byesEditable ? { awardedByes: draft.awardedByes } : {}),
        });
        // Players link themselves with their claim code (docs/joining.md); the organizer can only unlink.
        if (draft.unlink)
          await actions.linkParticipantAccount({ tournamentId, participantId: p.participantId, uid: null });
        setEditing(false);
        return 'saved';
      });
    };
    return (
      <tr data-participant={p.participantId}>
        <td colSpan={ranked ? 7 : 6}>
          <form className="row wrap" onSubmit={onSave}>
            <Field label="Name">
              {(f) => (
                <input {...f} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              )}
            </Field>
            {ranked ? (
              // As the chess details: a wrong rank is corrected by deleting the entry and entering it again.
              <p className="muted small" data-field="goRank">
                Rank {p.goRank ?? 'not given'}
              </p>
            ) : null}
            <Field label="Rating" {...(ratingFrozen ? { hint: ratingFrozen } : {})}>
              {(f) => (
                <input
                  {...f}
                  type="number"
                  value={draft.rating}
                  readOnly={ratingFrozen !== null}
                  onChange={(e) => setDraft({ ...draft, rating: e.target.value })}
                />
              )}
            </Field>
            <Field label="Club">
              {(f) => (
                <input {...f} value={draft.club} onChange={(e) => setDraft({ ...draft, club: e.target.value })} />
              )}
            </Field>
            <Field label="Country">
              {(f) => (
                <input {...f} value={draft.country} onChange={(e) => setDraft({ ...draft, country: e.target.value })} />
              )}
            </Field>
            {byesEditable ? (
              <Field label="Awarded byes" hint="won without play in the first rounds">
                {(f) => (
                  <select
                    {...f}
                    value={draft.awardedByes}
                    onChange={(e) => setDraft({ ...draft, awardedByes: Number(e.target.value) })}
                  >
                    {[0, 1, 2, 3].map((n) => (
                      <option key={n} value={n}>
                        {n === 0 ? 'none' : n}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
            <label className="check">
              <input
                type="checkbox"
                checked={draft.unlink}
                onChange={(e) => setDraft({ ...draft, unlink: e.target.checked })}
              />{' '}
              Unlink the account
            </label>
            <button type="submit" disabled={busy}>
              Save
            </button>
            <button type="button" className="quiet" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <Status status={status} />
          </form>
        </td>
      </tr>
    );
  }
  return (
    <tr data-participant={p.participantId} className={p.withdrawn ? 'withdrawn' : ''}>
      <th scope="row">
        <a href={href.participant(tournamentId, p.participantId)}>{p.name}</a>
        {p.awardedByes ? (
          <span className="tag" data-awarded-byes={p.awardedByes}>
            {byesWord(p.awardedByes)}
          </span>
        ) : null}
        {p.withdrawn ? (
          <span className="tag warn" data-dropped-at={p.droppedAt}>
            {p.droppedAt ? `dropped out at ${hallTime(p.droppedAt)}` : 'withdrawn'}
          </span>
        ) : null}
      </th>
      {ranked ? <td data-field="goRank">{p.goRank ?? ''}</td> : null}
      <td className="num">{p.rating ?? ''}</td>
      <td>{p.club ?? ''}</td>
      <td>{p.country ?? ''}</td>
      <td>{p.enteredRound}</td>
      {editor ? (
        <td>
          <button type="button" className="quiet" onClick={() => setEditing(true)} aria-label={`Edit ${p.name}`}>
            Edit
          </button>
          <ConfirmButton
            className="quiet"
            label={p.withdrawn ? 'Reinstate' : 'Withdraw'}
            ariaLabel={`${p.withdrawn ? 'Reinstate' : 'Withdraw'} ${p.name}`}
            question={
              <p>
                {p.withdrawn
                  ? `Reinstate ${p.name}? They are paired again from the next round.`
                  : `Withdraw ${p.name}? They keep their results and are not paired again. You can reinstate them.`}
              </p>
            }
            confirmLabel={p.withdrawn ? `Yes, reinstate ${p.name}` : `Yes, withdraw ${p.name}`}
            disabled={busy}
            onConfirm={() =>
              void run(
                async () =>
                  void (await actions.withdrawParticipant({
                    tournamentId,
                    participantId: p.participantId,
                    withdrawn: !p.withdrawn,
                  })),
              )
            }
          />
          {deletable ? (
            <ConfirmButton
              className="quiet"
              label="Delete"
              ariaLabel={`Delete ${p.name}`}
              question={<p>Delete {p.name}? No round pairs them yet: the entry is removed as if never added.</p>}
              confirmLabel={`Yes, delete ${p.name}`}
              disabled={busy}
              onConfirm={() =>
                void run(
                  async () => void (await actions.deleteParticipant({ tournamentId, participantId: p.participantId })),
                )
              }
            />
          ) : null}
          {status.state === 'error' ? <Status status={status} /> : null}
        </td>
      ) : null}
    </tr>
  );
}
