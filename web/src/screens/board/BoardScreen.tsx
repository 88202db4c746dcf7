/**
 * The projector board (docs/hall.md): a full-screen page for a wall screen, read from across the hall without
 * signing in. The round's pairings by name in large type, paging on their own when they do not fit; the round
 * clock; the leaders of the standings, or once a playoff has started the final standings, as the standings tab
 * shows them. Everything is a live read: a score entered anywhere shows without reload.
 */
import { useEffect, useState } from 'react';
import { howPlaced } from '@competition/engine';
import type { Route } from '../../app/route';
import { useSession } from '../../app/session';
import { ErrorNote, Loading } from '../../components/ui';
import { gameFrom } from '../../lib/crosstable';
import { colourNames, handicapText, num, rankingPoints } from '../../lib/format';
import { type NameLine, pagesOf, pairingsByName } from '../../lib/hall';
import { type PlayoffView, playoffGameNames, playoffView } from '../../lib/playoff';
import { roundTitle } from '../../lib/roundLabel';
import { TournamentProvider, useTournamentData, useTournamentLive } from '../tournament/data';
import { BoardClock } from './BoardClock';
import './board.css';
import { resultStyle } from '@competition/engine/view';

type BoardRoute = Extract<Route, { screen: 'board' }>;

/** Seconds each page of names stays up. */
const PAGE_SECONDS = 15;

/**
 * Rows of large type the screen holds: a row is 4.6% of the screen's height and the rows get 80% of it (the rest
 * is the title line), so a 1080-pixel screen shows 17 rows, about 50 pixels each, read from 10 metres.
 */
function rowsThatFit(height: number): number {
  return Math.max(4, Math.floor((height * 0.8) / (height * 0.046)));
}

function useScreenRows(): number {
  const [rows, setRows] = useState(() => rowsThatFit(innerHeight));
  useEffect(() => {
    const onResize = () => setRows(rowsThatFit(innerHeight));
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, []);
  return rows;
}

/** The page of `pages` on show, moving on every `seconds` and round again. */
function usePaging(pages: number, seconds: number): number {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages <= 1) return undefined;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), seconds * 1000);
    return () => clearInterval(timer);
  }, [pages, seconds]);
  return pages <= 1 ? 0 : page % pages;
}

export function BoardScreen({ route }: { route: BoardRoute }) {
  const { user } = useSession();
  const data = useTournamentLive(route.tournamentId, user?.uid ?? null);
  if (data.tournament === null)
    return <p className="board-missing">This tournament does not exist (or was removed).</p>;
  return (
    <TournamentProvider value={data}>
      <ErrorNote error={data.error} />
      {data.loaded ? <Board pageSeconds={route.pageSeconds ?? PAGE_SECONDS} /> : <Loading what="the board" />}
    </TournamentProvider>
  );
}

function Board({ pageSeconds }: { pageSeconds: number }) {
  const { tournament, currentRound: round, rounds, matchUps, nameOf, standings } = useTournamentData();
  const style = tournament ? resultStyle(tournament.policy, tournament.pairing.method) : 'GAME_POINTS';
  const rows = useScreenRows();
  const lines =
    tournament && round
      ? pairingsByName(
          matchUps.filter((m) => m.roundNumber === round.roundNumber),
          nameOf,
          colourNames(tournament.pairing, tournament.policy) !== null,
        )
      : [];
  const pages = pagesOf(lines, rows * 2);
  const page = usePaging(pages.length, pageSeconds);
  if (!tournament) return null;
  const colours = colourNames(tournament.pairing, tournament.policy);
  const scoring = tournament.policy.scoringPolicy;
  const cut = playoffView(tournament, rounds, matchUps, scoring, standings);
  // A playoff round's tables say which game each is: the final, the match for third place, a semi-final.
  const gameNames = cut && round && round.roundNumber > cut.mainRounds ? playoffGameNames(cut, scoring) : null;
  const shown = pages[page] ?? [];
  const games = new Map(matchUps.map((m) => [m.matchUpId, m]));
  // A Go round's tables say each game's handicap and komi (docs/go.md#handicap).
  const handicapOf = (line: NameLine) => {
    const m = games.get(line.matchUpId);
    return m && m.b !== null ? handicapText(m.cost) : null;
  };
  const withHandicaps = shown.some((line) => handicapOf(line) !== null);
  const resultOf = (line: NameLine) => {
    const m = games.get(line.matchUpId);
    return m ? gameFrom(m, line.participantId, tournament.policy.scoringPolicy).text : '';
  };
  return (
    <div className="board" data-round={round?.roundNumber ?? ''} data-page={page + 1} data-pages={pages.length}>
      <header className="board-head">
        <h1>{tournament.description}</h1>
        <p className="board-round">
          {round ? roundTitle(tournament, round.roundNumber, rounds) : 'Waiting for round 1'}
        </p>
        {tournament.status === 'CLOSED' ? (
          <p className="board-clock board-over" data-phase="closed">
            Tournament over
          </p>
        ) : round ? (
          <BoardClock tournament={tournament} round={round} tableOf={(id) => (games.get(id)?.order ?? 0) + 1} />
        ) : null}
      </header>
      <section className="board-pairings" aria-label="Pairings by name">
        <h2>
          Pairings
          {pages.length > 1 ? (
            <span className="board-page">
              {' '}
              · page {page + 1} of {pages.length}
            </span>
          ) : null}
        </h2>
        {round ? (
          <div className="board-columns">
            {pagesOf(shown, rows).map((column, c) => (
              <table key={c} className="board-table">
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    {colours ? <th scope="col">Side</th> : null}
                    <th scope="col" className="num">
                      Table
                    </th>
                    {gameNames ? <th scope="col">Match</th> : null}
                    <th scope="col">Opponent</th>
                    {withHandicaps ? <th scope="col">Handicap</th> : null}
                    <th scope="col" className="num">
                      Result
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {column.map((line) => (
                    <tr key={line.participantId} data-participant={line.participantId}>
                      <td className="board-name">{line.name}</td>
                      {colours ? (
                        <td>
                          {line.side ? (
                            <span
                              className={`board-side ${line.side} ${(line.side === 'first' ? colours.first : colours.second).toLowerCase()}`}
                            >
                              {line.side === 'first' ? colours.first : colours.second}
                            </span>
                          ) : null}
                        </td>
                      ) : null}
                      <td className="num">{line.table ?? ''}</td>
                      {gameNames ? (
                        <td className="board-game" data-field="game">
                          {gameNames.get(line.matchUpId) ?? ''}
                        </td>
                      ) : null}
                      <td>{line.opponent ?? <em>bye</em>}</td>
                      {withHandicaps ? <td data-handicap>{handicapOf(line) ?? ''}</td> : null}
                      <td className="num" data-field="result">
                        {resultOf(line)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        ) : (
          <p className="board-wait">The pairings appear here when round 1 is paired.</p>
        )}
      </section>
      {cut ? (
        <FinalPlaces view={cut} rows={rows} />
      ) : (
        <section className="board-standings" aria-label="Standings">
          <h2>Standings</h2>
          <table className="board-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  {standings[0] ? rankingPoints(standings[0], style).short : 'MP'}
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.slice(0, rows - 1).map((row) => (
                <tr key={row.participantId} data-participant={row.participantId}>
                  <td className="num">
                    {row.rank}
                    {row.sharedRank ? '=' : ''}
                  </td>
                  <td className="board-name">{row.name}</td>
                  <td className="num" data-field="matchPoints">
                    {num(rankingPoints(row, style).value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {standings.length > rows - 1 ? <p className="board-more">and {standings.length - rows + 1} more</p> : null}
        </section>
      )}
    </div>
  );
}

/** The final standings on the wall: the place, the player and how the place was earned, as the standings tab says. */
function FinalPlaces({ view, rows }: { view: PlayoffView; rows: number }) {
  const { nameOf } = useTournamentData();
  const places = view.places;
  return (
    <section className="board-standings" aria-label="Final standings">
      <h2>Final standings</h2>
      <table className="board-table board-final">
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">Player</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {places.slice(0, rows - 1).map((place) => (
            <tr key={place.participantId} data-participant={place.participantId}>
              <td className="num" data-field="place">
                {place.place}
              </td>
              <td className="board-name">{nameOf(place.participantId)}</td>
              <td className="board-how" data-field="how">
                {howPlaced(place, view.playoff, view.mainRounds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {places.length > rows - 1 ? <p className="board-more">and {places.length - rows + 1} more</p> : null}
    </section>
  );
}
