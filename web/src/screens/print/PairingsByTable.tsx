/**
 * Pairings by table: each table's two players, who moves first when the tournament plays with colours, points before,
 * and a Go game's handicap and komi.
 * A playoff round names each table's game (final, match for third place, semi-final) and prints the main stage's
 * points, as the standings under the final standings count them (docs/hall.md#printed-sheets).
 */
import type { Round } from '../../data/shapes';
import { colourNames, handicapText, num, resultText } from '../../lib/format';
import { pointsBefore } from '../../lib/hall';
import { playoffGameNames, playoffView } from '../../lib/playoff';
import { useTournamentData } from '../tournament/data';

export function PairingsByTable({ round }: { round: Round }) {
  const { tournament, matchUps, rounds, nameOf, standings } = useTournamentData();
  if (!tournament) return null;
  const scoring = tournament.policy.scoringPolicy;
  const games = matchUps.filter((m) => m.roundNumber === round.roundNumber).sort((x, y) => x.order - y.order);
  const cut = playoffView(tournament, rounds, matchUps, scoring, standings);
  const inPlayoff = cut !== null && round.roundNumber > cut.mainRounds;
  const gameNames = inPlayoff ? playoffGameNames(cut, scoring) : null;
  // In the playoff, a semi-final's win is no match point: the points stay those the players were seeded with.
  const points = pointsBefore(matchUps, inPlayoff ? cut.mainRounds + 1 : round.roundNumber, scoring);
  const colours = colourNames(tournament.pairing, tournament.policy);
  const pts = (id: string) => num(points.get(id) ?? 0);
  // A Go round prints each game's handicap and komi (docs/go.md#handicap): the weaker player, on Black, sits first.
  const withHandicaps = games.some((m) => m.b !== null && handicapText(m.cost) !== null);
  return (
    <table className="sheet-table pairings-sheet" data-ready="true" data-rows={games.length}>
      <caption>
        {colours ? `${colours.first} moves first. ` : ''}
        {inPlayoff
          ? `Pts: match points after round ${cut.mainRounds}, the playoff’s games not counted.`
          : 'Pts: match points before this round.'}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="num">
            Table
          </th>
          {gameNames ? <th scope="col">Match</th> : null}
          <th scope="col">{colours ? colours.first : 'Player'}</th>
          <th scope="col" className="num">
            Pts
          </th>
          <th scope="col">{colours ? colours.second : 'Opponent'}</th>
          <th scope="col" className="num">
            Pts
          </th>
          {withHandicaps ? <th scope="col">Handicap</th> : null}
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
              {gameNames ? (
                <td className="strong" data-field="game">
                  {gameNames.get(m.matchUpId) ?? ''}
                </td>
              ) : null}
              <td className="name">{nameOf(first)}</td>
              <td className="num">{first ? pts(first) : ''}</td>
              <td className="name">{second === null ? <em>bye</em> : nameOf(second)}</td>
              <td className="num">{second === null ? '' : pts(second)}</td>
              {withHandicaps ? <td data-handicap>{m.b === null ? '' : (handicapText(m.cost) ?? '')}</td> : null}
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
