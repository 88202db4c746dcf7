/**
 * The printed sheets (docs/hall.md): pages of their own rather than a print stylesheet over the tabs, so the paper
 * holds only what a sheet is for (the tabs carry score forms, reasons and links a sheet must not), each sheet has
 * its own layout (slips, the names a page at a time) and the screen shows exactly what will print. The toolbar is the
 * only control and never prints; the browser's print dialog chooses A4 or Letter.
 */
import { Suspense, lazy, useMemo } from 'react';
import { PRINT_SHEETS, type PrintSheet, type Route, href } from '../../app/route';
import { useSession } from '../../app/session';
import { ErrorNote, Loading } from '../../components/ui';
import { type TournamentData, TournamentProvider, useTournamentLive } from '../tournament/data';
import { StandingsTab } from '../tournament/StandingsTab';
import { PageMarks, SheetHead } from './SheetHead';
import { PairingsByTable } from './PairingsByTable';
import { PairingsByName } from './PairingsByName';
import { ResultSlips } from './ResultSlips';
import { ClaimCodeSlips } from './ClaimCodeSlips';
import { JoinCard } from './JoinCard';
import { PenaltyReport } from './PenaltyReport';
import { DeckListSheets } from './DeckListSheets';
import { plannedPlayoff } from '../../lib/playoff';
import { mainRoundsOf } from '../../lib/roundLabel';
import { playoffOf } from '@competition/engine/view';
import './print.css';

const BracketTab = lazy(() => import('../tournament/BracketTab').then((m) => ({ default: m.BracketTab })));
const CrosstableTab = lazy(() => import('../tournament/CrosstableTab').then((m) => ({ default: m.CrosstableTab })));
const FinalStandings = lazy(() => import('../tournament/FinalStandings').then((m) => ({ default: m.FinalStandings })));

export const SHEET_TITLES: Record<PrintSheet, string> = {
  pairings: 'Pairings by table',
  names: 'Pairings by name',
  standings: 'Standings',
  slips: 'Result slips',
  codes: 'Claim codes',
  join: 'Join card',
  crosstable: 'Crosstable',
  bracket: 'Bracket',
  penalties: 'Penalties',
  decklists: 'Deck lists',
};

/** Sheets of one round: the others show the tournament as it stands. */
const ROUND_SHEETS: ReadonlySet<PrintSheet> = new Set(['pairings', 'names', 'slips']);

/** The sheets this tournament has, for this account. */
function sheetsFor(data: TournamentData): PrintSheet[] {
  const system = data.tournament?.system;
  const playoff = data.tournament ? plannedPlayoff(data.tournament) !== null : false;
  return PRINT_SHEETS.filter((sheet) => {
    if (sheet === 'crosstable') return system === 'ROUND_ROBIN';
    // A Swiss or a round robin has a bracket once its playoff is paired (its rounds then name the main stage's end).
    if (sheet === 'bracket') return system === 'KNOCKOUT' || (playoff && mainRoundsOf(data.rounds) !== undefined);
    if (sheet === 'codes') return data.roles.editor;
    if (sheet === 'penalties') return data.roles.editor || data.roles.scorekeeper;
    // Private to staff until the organizer publishes them (docs/judging.md#deck-lists).
    if (sheet === 'decklists')
      return (
        data.tournament?.deckLists !== undefined &&
        (data.roles.editor || data.roles.scorekeeper || data.tournament.deckLists.published === true)
      );
    return true;
  });
}

type PrintRoute = Extract<Route, { screen: 'print' }>;

export function PrintScreen({ route }: { route: PrintRoute }) {
  const { user } = useSession();
  const data = useTournamentLive(route.tournamentId, user?.uid ?? null);
  const { tournament, rounds } = data;
  const round = rounds.find((r) => r.roundNumber === route.roundNumber) ?? rounds.at(-1);
  const printedAt = useMemo(() => new Date(), []);
  if (tournament === null) return <p>This tournament does not exist (or was removed).</p>;
  const sheet = route.sheet;
  const title = sheet ? SHEET_TITLES[sheet] : 'Print';
  return (
    <TournamentProvider value={data}>
      <div className="print-sheets" data-tournament={route.tournamentId}>
        <nav className="print-toolbar no-print" aria-label="Printing">
          <a href={href.tournament(route.tournamentId)}>Back to the tournament</a>
          {sheet ? <a href={href.print(route.tournamentId)}>All sheets</a> : null}
          {sheet && ROUND_SHEETS.has(sheet) && rounds.length > 1 ? (
            <label>
              Round{' '}
              <select
                value={round?.roundNumber ?? ''}
                onChange={(e) => {
                  location.hash = href.print(route.tournamentId, sheet, Number(e.target.value));
                }}
              >
                {rounds.map((r) => (
                  <option key={r.roundNumber} value={r.roundNumber}>
                    {r.roundNumber}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {sheet ? (
            <button type="button" className="primary" onClick={() => print()}>
              Print this sheet
            </button>
          ) : null}
          <span className="muted small">Choose A4 or Letter, and black and white, in the print dialog.</span>
        </nav>
        <ErrorNote error={data.error} />
        {!data.loaded || !tournament ? (
          <Loading what="the tournament" />
        ) : sheet === null ? (
          <SheetIndex data={data} />
        ) : (
          <article className={`sheet sheet-${sheet}`} data-sheet={sheet}>
            <PageMarks tournament={tournament.description} title={title} printedAt={printedAt} />
            {/* The join card is a poster: the tournament's name is its title. */}
            {sheet === 'join' ? null : (
              <SheetHead
                title={title}
                round={ROUND_SHEETS.has(sheet) ? round : undefined}
                latestRound={rounds.at(-1)?.roundNumber}
                printedAt={printedAt}
              />
            )}
            {!sheetsFor(data).includes(sheet) ? (
              <p className="sheet-missing">
                {sheet === 'codes'
                  ? 'Only the tournament’s organizers see the claim codes: sign in as one of them.'
                  : sheet === 'penalties'
                    ? 'Only the tournament’s organizers and scorekeepers see the penalties: sign in as one of them.'
                    : sheet === 'decklists'
                      ? 'Deck lists are for the tournament’s staff until the organizer publishes them.'
                      : `This tournament has no ${title.toLowerCase()}.`}
              </p>
            ) : ROUND_SHEETS.has(sheet) && !round ? (
              <p className="sheet-missing" data-ready="true">
                No round is paired yet.
              </p>
            ) : sheet === 'pairings' ? (
              <PairingsByTable round={round!} />
            ) : sheet === 'names' ? (
              <PairingsByName round={round!} title={title} />
            ) : sheet === 'slips' ? (
              <ResultSlips round={round!} />
            ) : sheet === 'codes' ? (
              <ClaimCodeSlips />
            ) : sheet === 'join' ? (
              <JoinCard />
            ) : sheet === 'penalties' ? (
              <PenaltyReport />
            ) : sheet === 'decklists' ? (
              <DeckListSheets />
            ) : sheet === 'standings' ? (
              <div data-ready="true">
                {playoffOf(tournament.system, tournament.pairing.options) ? (
                  <Suspense fallback={null}>
                    <FinalStandings />
                  </Suspense>
                ) : null}
                {/*
                 * The tab's compact table: the order, the places and every tiebreak, without the game points, the
                 * form rating and the clubs, so that the names keep whole on the wall sheet
                 * (docs/hall.md#the-standings-on-paper).
                 */}
                <StandingsTab compact />
              </div>
            ) : (
              <Suspense fallback={<Loading what={`the ${sheet}`} />}>
                <div data-ready="true">{sheet === 'bracket' ? <BracketTab /> : <CrosstableTab />}</div>
              </Suspense>
            )}
          </article>
        )}
      </div>
    </TournamentProvider>
  );
}

function SheetIndex({ data }: { data: TournamentData }) {
  const round = data.rounds.at(-1);
  return (
    <section className="card print-index" aria-labelledby="print-index-title">
      <h1 id="print-index-title">Print · {data.tournament?.description}</h1>
      <p className="muted">
        {round ? `The round sheets print round ${round.roundNumber}; each sheet can print another round.` : null}
      </p>
      <ul>
        {sheetsFor(data).map((sheet) => (
          <li key={sheet}>
            <a href={href.print(data.tournamentId, sheet)} data-sheet-link={sheet}>
              {SHEET_TITLES[sheet]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
