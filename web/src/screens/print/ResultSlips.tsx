/**
 * Result slips, one per table: the round and table, a Go game's handicap and komi, both names (who moves first when
 * colours are on), a box for each player's game points, a line to sign for each, and a QR code that opens the
 * table's score page. Ten a page on A4, eight on Letter; byes have no slip.
 */
import { useEffect, useState } from 'react';
import { href } from '../../app/route';
import type { MatchUp, Round } from '../../data/shapes';
import { colourNames, handicapText } from '../../lib/format';
import { countsDrawnGames } from '@competition/engine';
import { resultStyle } from '@competition/engine/view';
import { useTournamentData } from '../tournament/data';

const pageUrl = (fragment: string) => `${location.origin}${location.pathname}${fragment}`;

/** The QR codes of these addresses, drawn together: null until every one is drawn. */
function useQrCodes(urls: readonly string[]): Map<string, string> | null {
  // The codes say which addresses they were drawn for: those of other addresses (before the list changed) are not
  // handed out, so nothing needs clearing when the list changes.
  const [drawn, setDrawn] = useState<{ key: string; codes: Map<string, string> } | null>(null);
  const key = urls.join('\n');
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async ({ toDataURL }) => {
      const list = key ? key.split('\n') : [];
      const images = await Promise.all(
        list.map((url) => toDataURL(url, { margin: 0, width: 200, errorCorrectionLevel: 'M' })),
      );
      if (current) setDrawn({ key, codes: new Map(list.map((url, k) => [url, images[k]!])) });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return drawn?.key === key ? drawn.codes : null;
}

export function ResultSlips({ round }: { round: Round }) {
  const { tournament, tournamentId, matchUps } = useTournamentData();
  const games = matchUps
    .filter((m) => m.roundNumber === round.roundNumber && m.b !== null)
    .sort((x, y) => x.order - y.order);
  const urls = games.map((m) => pageUrl(href.table(tournamentId, m.matchUpId)));
  const codes = useQrCodes(urls);
  if (!tournament) return null;
  return (
    <div className="slips" data-ready={codes !== null} data-rows={games.length}>
      {games.map((m, k) => (
        <Slip key={m.matchUpId} matchUp={m} round={round} url={urls[k]!} qr={codes?.get(urls[k]!)} />
      ))}
    </div>
  );
}

function Slip({ matchUp: m, round, url, qr }: { matchUp: MatchUp; round: Round; url: string; qr: string | undefined }) {
  const { tournament, nameOf } = useTournamentData();
  if (!tournament) return null;
  const colours = colourNames(tournament.pairing, tournament.policy);
  const [first, second] = colours && m.movesFirst === m.b ? [m.b!, m.a] : [m.a, m.b!];
  const target = tournament.policy.scoringPolicy.gameTarget;
  const handicap = handicapText(m.cost);
  // The slip asks for the result in its game's words (docs/results.md#results-in-the-games-words).
  const style = resultStyle(tournament.policy, tournament.pairing.method);
  const marks = style === 'SINGLE_GAME' ? '1 · ½ · 0' : style === 'GO' ? 'won · jigo · lost' : null;
  const drawn = style === 'GAME_POINTS' && countsDrawnGames(tournament.policy.scoringPolicy);
  return (
    <section className="slip" data-matchup={m.matchUpId} aria-label={`Result slip, table ${m.order + 1}`}>
      <header className="slip-head">
        <strong>
          Round {round.roundNumber} · Table {m.order + 1}
          {/* On the round's line: the slip's height is fixed, ten to an A4 page. */}
          {handicap ? (
            <>
              {' · '}
              <span data-handicap>{handicap}</span>
            </>
          ) : null}
        </strong>
        <span className="small">{tournament.description}</span>
      </header>
      <div className="slip-body">
        <table className="slip-players">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                {marks ? 'Circle one' : drawn ? 'Games won' : 'Game points'}
              </th>
            </tr>
          </thead>
          <tbody>
            {[first, second].map((id, k) => (
              <tr key={id}>
                <td>
                  {colours ? <span className="small">{k === 0 ? colours.first : colours.second}: </span> : null}
                  <strong>{nameOf(id)}</strong>
                  <span className="sign-line">Signature</span>
                </td>
                <td className="num">{marks ? <span data-marks>{marks}</span> : <span className="score-box" />}</td>
              </tr>
            ))}
            {drawn ? (
              <tr data-drawn-games>
                <td>Drawn games</td>
                <td className="num">
                  <span className="score-box" />
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
        <figure className="slip-qr">
          {qr ? (
            <img
              src={qr}
              width={88}
              height={88}
              alt={`QR code of the score page of table ${m.order + 1}`}
              data-url={url}
            />
          ) : null}
          <figcaption className="small">Scan to enter the score{target ? ` (first to ${target})` : ''}</figcaption>
        </figure>
      </div>
    </section>
  );
}
