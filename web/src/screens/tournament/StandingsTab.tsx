/** Live standings: the stored rows in the policy's order, every tiebreak it names, shared ranks shown as shared. */
import { Suspense, lazy } from 'react';
import { href } from '../../app/route';
import { PRIMARY_LABELS, TIEBREAK_LABELS, num, rankingPoints, tiebreakValue } from '../../lib/format';
import { playoffOf, resultStyle } from '@competition/engine/view';
import { STANDINGS_PAGE_SIZE } from '../../data/standingsPages';
import { useTournamentData } from './data';

// Only a tournament with a playoff needs it: loaded apart, so a tournament's first screen stays within its budget.
const FinalStandings = lazy(() => import('./FinalStandings').then((m) => ({ default: m.FinalStandings })));

export function StandingsTab({ compact = false }: { compact?: boolean }) {
  const {
    tournament,
    standings,
    standingsAfterRound,
    standingsUpdating,
    standingsPages,
    roles,
    tournamentId,
    participant,
  } = useTournamentData();
  if (!tournament) return null;
  const { primaryRanking, tiebreakOrder = [] } = tournament.policy.victoryPolicy;
  const mine = new Set(roles.participantIds);
  const style = resultStyle(tournament.policy, tournament.pairing.method);
  const points = standings[0] ? rankingPoints(standings[0], style) : null;
  // Ranked by the points the table's first column counts, in the same words (a chess event's "points").
  const primary =
    primaryRanking === 'MATCH_POINTS' && points ? capitalized(points.long) : PRIMARY_LABELS[primaryRanking];
  const order = [primary, ...tiebreakOrder.map((t) => TIEBREAK_LABELS[t].long)].join(', then ');
  // One game a round (chess, Go): no game points to count, and the form rating is this product's, not the game's.
  const detailed = !compact && style === 'GAME_POINTS';
  if (standings.length === 0)
    return <p className="muted">{standingsAfterRound === null ? 'No participants yet.' : 'Loading the standings…'}</p>;
  return (
    <>
      {compact || !playoffOf(tournament.system, tournament.pairing.options) ? null : (
        <Suspense fallback={null}>
          <FinalStandings />
        </Suspense>
      )}
      <section className="card" aria-labelledby="standings-title">
        <h2 id="standings-title">
          {standingsAfterRound === null ? 'Standings' : `Standings after round ${standingsAfterRound}`}
        </h2>
        {standingsAfterRound === null ? null : (
          <p className="muted small" data-testid="main-stage-note">
            The playoff’s games count in the bracket and the final standings, not here: these are the standings the
            playoff was seeded from, with any result corrected since.
          </p>
        )}
        {standingsUpdating ? (
          <p role="status" className="standings-updating">
            The standings are being brought up to date after a corrected result; some places may still change.
          </p>
        ) : null}
        <div className="table-scroll">
          <table className="standings" data-rows={standings.length}>
            <caption>
              Ranked by {order}. Players still equal share a place (shown as “3=”).
              {!detailed ? null : (
                <span className="form-note">
                  {' '}
                  Form: the dynamic form rating, which starts from the player’s baseline rating (in brackets) and moves
                  with every rated game.
                </span>
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  <abbr title={points?.long}>{points?.short}</abbr>
                </th>
                <th scope="col" className="num">
                  <abbr title="Wins - draws - losses">W-D-L</abbr>
                </th>
                {!detailed ? null : (
                  <th scope="col" className="num">
                    <abbr title="Game points won - lost">Games</abbr>
                  </th>
                )}
                {tiebreakOrder.map((t) => (
                  <th key={t} scope="col" className="num" data-tiebreak={t}>
                    <abbr title={TIEBREAK_LABELS[t].long}>{TIEBREAK_LABELS[t].short}</abbr>
                  </th>
                ))}
                {!detailed ? null : (
                  <th scope="col" className="num">
                    <abbr title="Dynamic form rating: starts from the baseline rating (in brackets), moves with every rated game">
                      Form
                    </abbr>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {standings.map((row) => {
                const club = participant(row.participantId)?.club;
                return (
                  <tr
                    key={row.participantId}
                    data-participant={row.participantId}
                    className={`${mine.has(row.participantId) ? 'mine' : ''} ${row.withdrawn ? 'withdrawn' : ''}`}
                  >
                    <td className="rank" data-rank={row.rank}>
                      {row.rank}
                      {row.sharedRank ? '=' : ''}
                    </td>
                    <th scope="row" className="player">
                      <a href={href.participant(tournamentId, row.participantId)}>{row.name}</a>
                      {club && !compact ? <span className="muted small"> {club}</span> : null}
                      {row.withdrawn ? <span className="tag warn">withdrawn</span> : null}
                    </th>
                    <td className="num strong" data-field={points?.short === 'MMS' ? 'mcMahonScore' : 'matchPoints'}>
                      {num(rankingPoints(row, style).value)}
                    </td>
                    <td className="num" data-field="wdl">
                      {row.wins}-{row.draws}-{row.losses}
                    </td>
                    {!detailed ? null : (
                      <td className="num" data-field="games">
                        {num(row.pointsWon)}–{num(row.pointsLost)}
                      </td>
                    )}
                    {tiebreakOrder.map((t) => (
                      <td key={t} className="num" data-field={t}>
                        {/* Before a player's first result a tiebreak is only its floor (the MTR's 33%): not shown. */}
                        {row.wins + row.draws + row.losses === 0 ? '' : tiebreakValue(t, row.tiebreaks[t])}
                      </td>
                    ))}
                    {!detailed ? null : (
                      <td className="num" data-field="form">
                        {num(row.dynamicFormRating, 0)}{' '}
                        <span className="muted small">({num(row.baselineRating, 0)})</span>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {standingsPages ? <MorePages {...standingsPages} shown={standings.length} /> : null}
      </section>
    </>
  );
}

/** The standings read page by page: how many rows are shown, and the next page on demand. */
function MorePages(props: { count: number; read: number; players: number; shown: number; showMore: () => void }) {
  const { count, read, players, shown, showMore } = props;
  const total = Math.max(players, shown);
  if (count <= 1) return null;
  return (
    <p className="standings-more">
      <span className="muted">
        Showing places 1–{shown} of {total}.
      </span>{' '}
      {read < count ? (
        <button type="button" onClick={showMore}>
          Show the next {Math.min(STANDINGS_PAGE_SIZE, total - shown)}
        </button>
      ) : null}
    </p>
  );
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
