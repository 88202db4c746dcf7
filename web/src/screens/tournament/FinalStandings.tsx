/**
 * The final standings of a Swiss or a round robin with a playoff (docs/playoff.md): the playoff's players by how
 * far they got, then everyone else by their rank in the standings the playoff was seeded from.
 */
import type { FinalPlace } from '@competition/engine/domain/playoff';
import { href } from '../../app/route';
import { stageName } from '@competition/engine/domain/playoffPlan';
import { playoffFormat, playoffView } from '../../lib/playoff';
import { useTournamentData } from './data';

export function FinalStandings() {
  const { tournament, rounds, matchUps, nameOf, tournamentId } = useTournamentData();
  if (!tournament) return null;
  const view = playoffView(tournament, rounds, matchUps, tournament.policy.scoringPolicy);
  if (!view) return null;
  const bracketRounds = view.playoff.topCut === 0 ? 1 : Math.log2(view.playoff.topCut);
  const how = (place: FinalPlace): string => {
    if (place.from === 'MAIN_STAGE') return `rank ${place.seed} after round ${view.mainRounds}`;
    if (place.series) {
      const { label, won } = place.series;
      if (label === 'FINAL') return won ? 'won the final' : 'lost the final';
      return won ? 'won the match for third place' : 'lost the match for third place';
    }
    if (place.knockedOutIn !== undefined)
      return `out in the ${stageName(place.knockedOutIn, bracketRounds).toLowerCase()}`;
    return 'still in';
  };
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
            everyone else by their rank after round {view.mainRounds}.
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
              <tr key={place.participantId} data-participant={place.participantId} data-from={place.from}>
                <td className="rank" data-place={place.place}>
                  {place.place}
                </td>
                <th scope="row" className="player">
                  <a href={href.participant(tournamentId, place.participantId)}>{nameOf(place.participantId)}</a>
                </th>
                <td className="num">{place.seed}</td>
                <td data-field="how">{how(place)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
