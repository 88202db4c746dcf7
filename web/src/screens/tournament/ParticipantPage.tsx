/** A participant: standing, the rating history chart, and every game with what it did to the ratings. */
import { useMemo } from 'react';
import { href } from '../../app/route';
import { ErrorNote, Loading } from '../../components/ui';
import { RatingChart, ratingSeries } from '../../components/RatingChart';
import type { ParticipantState } from '../../data/shapes';
import { watchState } from '../../data/watchTournamentData';
import { useLive } from '../../data/hooks';
import { num, signed } from '../../lib/format';
import { useTournamentData } from './data';
import { resultFor } from './PlayTab';
import { OpenGameLine } from './OpenGame';
import { ByeRequests } from './ByeRequests';
import { PenaltyDesk } from './Penalties';
import { ParticipantDeckList } from './DeckLists';

export function ParticipantPage({ participantId }: { participantId: string }) {
  const { tournamentId, tournament, participant, standings, matchUps, nameOf, roles } = useTournamentData();
  const state = useLive<ParticipantState | null>(`state:${tournamentId}:${participantId}`, (onData, onError) =>
    watchState(tournamentId, participantId, onData, onError),
  );
  const person = participant(participantId);
  const row = standings.find((s) => s.participantId === participantId);
  const history = state.data?.ratingHistory;
  const series = useMemo(
    () => (state.data ? ratingSeries(state.data.baselineRating, state.data.ratingHistory) : null),
    [state.data],
  );
  if (!person || !tournament) return <p>No such participant in this tournament.</p>;
  const games = matchUps.filter((m) => m.a === participantId || m.b === participantId);
  const byMatchUp = new Map((history ?? []).map((h) => [h.matchUpId, h]));
  const showPressure =
    tournament.policy.ratingPolicy.pressureRating?.enabled === true ||
    (history ?? []).some((h) => h.pressureDelta !== 0);
  const last = series ? series.form.at(-1)! : undefined;
  const summary = series
    ? `Dynamic form rating from ${series.form[0]} to ${last} over ${series.labels.length - 1} rated games; baseline ${series.baseline[0]}.`
    : '';
  return (
    <div className="stack participant-page" data-participant={participantId}>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={href.tournament(tournamentId)}>Standings</a> › <span>{person.name}</span>
      </nav>
      <section className="card" aria-labelledby="person-title">
        <h2 id="person-title">
          {person.name} {person.withdrawn ? <span className="tag warn">withdrawn</span> : null}
        </h2>
        <p className="muted">
          {[person.club, person.country, person.rating !== undefined ? `rating ${person.rating}` : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {/* The organizer grants byes here, past the players' limits (docs/pairing.md#requested-byes). */}
        {roles.editor ? <ByeRequests participantId={participantId} /> : null}
        {roles.editor || roles.scorekeeper ? <PenaltyDesk participantId={participantId} /> : null}
        <ParticipantDeckList participantId={participantId} />
        {row ? (
          <dl className="facts">
            <div>
              <dt>Place</dt>
              <dd>
                {row.rank}
                {row.sharedRank ? '=' : ''} of {standings.length}
              </dd>
            </div>
            <div>
              <dt>Match points</dt>
              <dd>{num(row.matchPoints)}</dd>
            </div>
            <div>
              <dt>W-D-L</dt>
              <dd>
                {row.wins}-{row.draws}-{row.losses}
              </dd>
            </div>
            <div>
              <dt>Baseline</dt>
              <dd>{num(row.baselineRating, 0)}</dd>
            </div>
            <div>
              <dt>Form rating</dt>
              <dd>{num(row.dynamicFormRating, 1)}</dd>
            </div>
            {showPressure ? (
              <div>
                <dt>Pressure</dt>
                <dd>{num(row.pressureRating, 3)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Rating history</h2>
        <ErrorNote error={state.error} />
        {state.data === undefined ? <Loading what="the rating history" /> : null}
        {series && series.labels.length > 1 ? (
          <RatingChart series={series} showPressure={showPressure} summary={summary} />
        ) : null}
        {series && series.labels.length <= 1 ? <p className="muted">No rated game yet.</p> : null}
      </section>
      <section className="card" aria-labelledby="games-title">
        <h2 id="games-title">Games</h2>
        <p className="this-round">
          This round: <OpenGameLine participantId={participantId} />
        </p>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Opponent</th>
                <th scope="col">Result</th>
                <th scope="col" className="num">
                  Expected
                </th>
                <th scope="col" className="num">
                  Actual
                </th>
                <th scope="col" className="num">
                  Form change
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((m) => {
                const opponent = m.a === participantId ? m.b : m.a;
                const h = byMatchUp.get(m.matchUpId);
                return (
                  <tr key={m.matchUpId}>
                    <td>{m.roundNumber}</td>
                    <td>
                      {opponent ? <a href={href.participant(tournamentId, opponent)}>{nameOf(opponent)}</a> : 'bye'}
                    </td>
                    <td>{resultFor(m, participantId)}</td>
                    <td className="num">{h ? num(h.expectedOutput, 2) : ''}</td>
                    <td className="num">{h ? num(h.actualOutput, 2) : ''}</td>
                    <td className="num">{h ? signed(h.dynamicFormRatingAfter - h.dynamicFormRatingBefore) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
