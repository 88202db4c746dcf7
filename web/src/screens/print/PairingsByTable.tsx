/**
 * Pairings by table: each table's two players, who moves first when the tournament plays with colours, points before,
 * and a Go game's handicap and komi. A Go round prints each player's rank and McMahon score before the round in the
 * points' place, the figures it was paired on (docs/hall.md#a-go-rounds-pairings).
 * A playoff round names each table's game (final, match for third place, semi-final) and prints the main stage's
 * points, as the standings under the final standings count them (docs/hall.md#printed-sheets).
 */
import type { Round } from '../../data/shapes';
import { colourNames, handicapText, num, resultText } from '../../lib/format';
import { pointsBefore } from '../../lib/hall';
import { playoffGameNames, playoffView } from '../../lib/playoff';
import { useTournamentData } from '../tournament/data';
import { mcMahonScoresBefore, mcMahonSettingsOf } from './mcMahonBefore';

export function PairingsByTable({ round }: { round: Round }) {
  const { tournament, matchUps, rounds, nameOf, standings, participant } = useTournamentData();
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
  // Go pairs on McMahon scores, not match points: a win's point is already in the MMS (docs/go.md#mcmahon-scores).
  const go = tournament.pairing.method === 'MCMAHON' && !inPlayoff;
  const onBoards = games.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
  const mms = go
    ? mcMahonScoresBefore(
        onBoards.map((id) => ({ participantId: id, goRank: participant(id)?.goRank })),
        matchUps,
        round.roundNumber,
        scoring,
        mcMahonSettingsOf(tournament),
      )
    : null;
  /**
   * The figures after a player's name: in a Go round the rank above the MMS, one narrow column a player, so that the
   * names keep their width in large print (docs/hall.md#large-print); else the points.
   */
  const figures = (id: string | null) =>
    mms ? (
      <td className="num go-figures">
        {id ? (
          <>
            <span data-field="goRank">{participant(id)?.goRank ?? '–'}</span>
            <span data-field="mcMahonScore">{num(mms.get(id) ?? 0)}</span>
          </>
        ) : null}
      </td>
    ) : (
      <td className="num">{id ? pts(id) : ''}</td>
    );
  const figureHead = mms ? (
    <th scope="col" className="num go-figures">
      <abbr title="Go rank">Rank</abbr>
      <abbr title="McMahon score before this round">MMS</abbr>
    </th>
  ) : (
    <th scope="col" className="num">
      Pts
    </th>
  );
  return (
    <table
      className={`sheet-table pairings-sheet${mms ? ' go-pairings' : ''}`}
      data-ready="true"
      data-rows={games.length}
    >
      <caption>
        {colours ? `${colours.first} moves first. ` : ''}
        {mms
          ? 'Under each player’s Go rank, the McMahon score (MMS) before this round.'
          : inPlayoff
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
          {figureHead}
          <th scope="col">{colours ? colours.second : 'Opponent'}</th>
          {figureHead}
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
              {figures(first)}
              <td className="name">{second === null ? <em>bye</em> : nameOf(second)}</td>
              {figures(second)}
              {withHandicaps ? (
                <td className="handicap" data-handicap>
                  {m.b === null ? '' : <HandicapCell text={handicapText(m.cost)} />}
                </td>
              ) : null}
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

/**
 * "H3 · komi 0.5" in two pieces that each keep whole: in large print the handicap wraps before the komi rather than
 * take the names' width (docs/hall.md#large-print).
 */
function HandicapCell({ text }: { text: string | null }) {
  if (text === null) return null;
  const [stones, ...komi] = text.split(' · ');
  if (komi.length === 0) return <>{text}</>;
  return (
    <>
      <span className="keep">{stones} ·</span> <span className="keep">{komi.join(' · ')}</span>
    </>
  );
}
