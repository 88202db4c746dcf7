/**
 * Pairings by name, the sheet players look for on the wall: every player once, alphabetical, with the table, the
 * opponent and the side, in type read from two metres (docs/hall.md#large-print). One column a page, laid out
 * here rather than by the browser, so a page holds as many names as fit on Letter (the shorter of the two papers)
 * and says which names it holds: a player walks to the page of their name. A playoff round says each player's
 * game ("Final", "Match for third place"), as the pairings by table do.
 */
import type { Round } from '../../data/shapes';
import { colourNames } from '../../lib/format';
import { type NameLine, pagesOf, pairingsByName } from '../../lib/hall';
import { playoffGameNames, playoffView } from '../../lib/playoff';
import { useTournamentData } from '../tournament/data';

/** Names on one page: they fit Letter with room for two names long enough to take two lines. */
export const NAMES_PER_PAGE = 22;

export function PairingsByName({ round, title }: { round: Round; title: string }) {
  const { tournament, matchUps, rounds, nameOf, standings } = useTournamentData();
  if (!tournament) return null;
  const scoring = tournament.policy.scoringPolicy;
  const cut = playoffView(tournament, rounds, matchUps, scoring, standings);
  const gameNames = cut && round.roundNumber > cut.mainRounds ? playoffGameNames(cut, scoring) : null;
  const colours = colourNames(tournament.pairing, tournament.policy);
  const lines = pairingsByName(
    matchUps.filter((m) => m.roundNumber === round.roundNumber),
    nameOf,
    colours !== null,
  );
  const pages = pagesOf(lines, NAMES_PER_PAGE);
  return (
    <div className="names-sheet" data-ready="true" data-rows={lines.length}>
      {pages.map((page, k) => (
        <section key={k} className="names-page" aria-label={`${title}, page ${k + 1}`}>
          {pages.length > 1 ? (
            <p className="names-range">
              {k > 0 ? `${title} · Round ${round.roundNumber} · ` : ''}
              {page[0]!.name} to {page.at(-1)!.name}
            </p>
          ) : null}
          <NameColumn lines={page} colours={colours} gameNames={gameNames} />
        </section>
      ))}
    </div>
  );
}

interface ColumnProps {
  lines: NameLine[];
  colours: { first: string; second: string } | null;
  /** A playoff round's games by matchUp ("Final"); null in the main stage. */
  gameNames: ReadonlyMap<string, string> | null;
}

function NameColumn({ lines, colours, gameNames }: ColumnProps) {
  return (
    <table className="sheet-table names-table">
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            Table
          </th>
          {gameNames ? <th scope="col">Match</th> : null}
          <th scope="col">Opponent</th>
          {colours ? <th scope="col">Side</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.participantId} data-participant={line.participantId}>
            <td className="strong name">{line.name}</td>
            <td className="num">{line.table ?? ''}</td>
            {gameNames ? <td data-field="game">{gameNames.get(line.matchUpId) ?? ''}</td> : null}
            <td className="name">{line.opponent ?? <em>bye</em>}</td>
            {colours ? (
              <td>{line.side === 'first' ? colours.first : line.side === 'second' ? colours.second : ''}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
