/** A round robin's crosstable: every pair's games from the row player's side, the diagonal blank, the totals. */
import { href } from '../../app/route';
import { type CrossGame, buildCrosstable } from '../../lib/crosstable';
import { num } from '../../lib/format';
import { useTournamentData } from './data';

const OUTCOME_WORDS = { W: 'won', D: 'drew', L: 'lost' } as const;

export function CrosstableTab() {
  const { tournament, standings, matchUps, nameOf, tournamentId } = useTournamentData();
  if (!tournament) return null;
  if (standings.length === 0) return <p className="card muted">No participants yet.</p>;
  const order = standings.map((s) => s.participantId);
  const rows = buildCrosstable(order, matchUps, tournament.policy.scoringPolicy);
  const anyBye = rows.some((row) => row.byes.length > 0);
  const cellTitle = (games: CrossGame[], rowName: string, columnName: string) =>
    games
      .map((g) =>
        g.mark
          ? `round ${g.roundNumber}: ${rowName} ${OUTCOME_WORDS[g.mark]} ${g.text} against ${columnName}`
          : `round ${g.roundNumber}: to play`,
      )
      .join('; ');
  return (
    <section className="card" aria-labelledby="crosstable-title">
      <h2 id="crosstable-title">Crosstable</h2>
      <div className="table-scroll">
        <table className="crosstable" data-rows={rows.length}>
          <caption>
            Each row reads from that player’s side: “5–3” is the row player’s 5 against the column player’s 3 (1, ½, 0
            for a game without points; + and − for a forfeit). Players in standings order; the columns are numbered as
            the rows.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                <abbr title="Place in the standings">Pl.</abbr>
              </th>
              <th scope="col">Player</th>
              {rows.map((row, k) => (
                <th key={row.participantId} scope="col" className="num cross-head">
                  <abbr title={nameOf(row.participantId)}>{k + 1}</abbr>
                </th>
              ))}
              {anyBye ? (
                <th scope="col" className="num">
                  Bye
                </th>
              ) : null}
              <th scope="col" className="num total">
                <abbr title="Match points (the total, byes included)">MP</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, k) => {
              const standing = standings[k]!;
              const rowName = nameOf(row.participantId);
              return (
                <tr key={row.participantId} data-participant={row.participantId}>
                  <td className="num rank">
                    {standing.rank}
                    {standing.sharedRank ? '=' : ''}
                  </td>
                  <th scope="row" className="player">
                    <span className="cross-no">{k + 1}</span>{' '}
                    <a href={href.participant(tournamentId, row.participantId)}>{rowName}</a>
                  </th>
                  {row.cells.map((games, c) =>
                    games === null ? (
                      <td key={c} className="cross diagonal" data-column={order[c]} />
                    ) : (
                      <td
                        key={c}
                        className={`cross num ${games.length === 1 && games[0]!.mark ? `mark-${games[0]!.mark}` : ''}`}
                        data-column={order[c]}
                        title={cellTitle(games, rowName, nameOf(order[c]!))}
                      >
                        {games.map((g) => g.text).join(' ')}
                      </td>
                    ),
                  )}
                  {anyBye ? (
                    <td className="num" data-field="byes">
                      {row.byes.map((b) => `R${b.roundNumber}`).join(' ')}
                    </td>
                  ) : null}
                  <td className="num total strong" data-field="matchPoints">
                    {num(standing.matchPoints)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
