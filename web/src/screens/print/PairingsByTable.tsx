/** Pairings by table: each table's two players, who moves first when the tournament plays with colours, points before. */
import type { Round } from '../../data/shapes';
import { colourNames, num, resultText } from '../../lib/format';
import { pointsBefore } from '../../lib/hall';
import { useTournamentData } from '../tournament/data';

export function PairingsByTable({ round }: { round: Round }) {
  const { tournament, matchUps, nameOf } = useTournamentData();
  if (!tournament) return null;
  const games = matchUps.filter((m) => m.roundNumber === round.roundNumber).sort((x, y) => x.order - y.order);
  const points = pointsBefore(matchUps, round.roundNumber, tournament.policy.scoringPolicy);
  const colours = colourNames(tournament.pairing.options, tournament.policy);
  const pts = (id: string) => num(points.get(id) ?? 0);
  return (
    <table className="sheet-table pairings-sheet" data-ready="true" data-rows={games.length}>
      <caption>{colours ? `${colours.first} moves first. ` : ''}Pts: match points before this round.</caption>
      <thead>
        <tr>
          <th scope="col" className="num">
            Table
          </th>
          <th scope="col">{colours ? colours.first : 'Player'}</th>
          <th scope="col" className="num">
            Pts
          </th>
          <th scope="col">{colours ? colours.second : 'Opponent'}</th>
          <th scope="col" className="num">
            Pts
          </th>
          <th scope="col" className="num">
            Result
          </th>
        </tr>
      </thead>
      <tbody>
        {games.map((m) => {
          // The player who moves first sits in the first column when colours are on.
          const [first, second] = colours && m.b !== null && m.movesFirst === m.b ? [m.b, m.a] : [m.a, m.b];
          return (
            <tr key={m.matchUpId} data-matchup={m.matchUpId}>
              <td className="num strong">{m.b === null ? '' : m.order + 1}</td>
              <td className="name">{nameOf(first)}</td>
              <td className="num">{first ? pts(first) : ''}</td>
              <td className="name">{second === null ? <em>bye</em> : nameOf(second)}</td>
              <td className="num">{second === null ? '' : pts(second)}</td>
              <td className="num result-cell">
                {m.result ? resultText(m.result, m.b === null) : m.b === null ? '' : ' '}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
