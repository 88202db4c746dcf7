/**
 * Pairings by name, the sheet players look for on the wall: every player once, alphabetical, with the table, the
 * opponent and the side, in type read from two metres (docs/hall.md#large-print). One column a page, laid out
 * here rather than by the browser, so a page holds as many names as fit on Letter (the shorter of the two papers)
 * and says which names it holds: a player walks to the page of their name.
 */
import type { Round } from '../../data/shapes';
import { colourNames } from '../../lib/format';
import { type NameLine, pagesOf, pairingsByName } from '../../lib/hall';
import { useTournamentData } from '../tournament/data';

/** Names on one page: they fit Letter with room for two names long enough to take two lines. */
export const NAMES_PER_PAGE = 22;

export function PairingsByName({ round, title }: { round: Round; title: string }) {
  const { tournament, matchUps, nameOf } = useTournamentData();
  if (!tournament) return null;
  const colours = colourNames(tournament.pairing.options, tournament.policy);
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
          <NameColumn lines={page} colours={colours} />
        </section>
      ))}
    </div>
  );
}

function NameColumn({ lines, colours }: { lines: NameLine[]; colours: { first: string; second: string } | null }) {
  return (
    <table className="sheet-table names-table">
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            Table
          </th>
          <th scope="col">Opponent</th>
          {colours ? <th scope="col">Side</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.participantId} data-participant={line.participantId}>
            <td className="strong name">{line.name}</td>
            <td className="num">{line.table ?? ''}</td>
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
