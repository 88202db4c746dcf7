/**
 * The final standings of a Swiss or a round robin with a playoff (docs/playoff.md): the playoff's players by how
 * far they got, then everyone else by their rank in the standings the playoff was seeded from, the players who had
 * withdrawn before it among them by their record.
 */
import { howPlaced } from '@competition/engine';
import { href } from '../../app/route';
import { playoffFormat, playoffView } from '../../lib/playoff';
import { useTournamentData } from './data';

export function FinalStandings() {
  const { tournament, rounds, matchUps, nameOf, tournamentId, standings } = useTournamentData();
  if (!tournament) return null;
  const view = playoffView(tournament, rounds, matchUps, tournament.policy.scoringPolicy, standings);
  if (!view) return null;
  return (
    <section className="card" aria-labelledby="final-standings-title">
      <div className="row between wrap">
        <h2 id="final-standings-title">Final standings</h2>
        <p className="muted small">{playoffFormat(view)}</p>
      </div>
      <div className="table-scroll">
        <table className="standings final-standings" data-rows={view.places.length}>
          <caption>
            The playoff’s players first, by how far they got (players out in the same round by their seed), then
            everyone else by their rank after round {view.mainRounds}, withdrawn players too.
          </caption>
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                <abbr title="Seed: rank in the standings the playoff was seeded from">Seed</abbr>
              </th>
              <th scope="col">How</th>
            </tr>
          </thead>
          <tbody>
            {view.places.map((place) => (
              <tr
                key={place.participantId}
                data-participant={place.participantId}
                data-from={place.from}
                data-withdrawn={place.withdrawn ? 'true' : undefined}
              >
                <td className="rank" data-place={place.place}>
                  {place.place}
                </td>
                <th scope="row" className="player">
                  <a href={href.participant(tournamentId, place.participantId)}>{nameOf(place.participantId)}</a>
                </th>
                <td className="num" data-field="seed">
                  {place.seed ?? '–'}
                </td>
                <td data-field="how">{howPlaced(place, view.playoff, view.mainRounds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
