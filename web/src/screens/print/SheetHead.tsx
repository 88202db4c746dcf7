/** What every printed sheet says about itself: the tournament, the sheet, the round and when it was printed. */
import type { Round } from '../../data/shapes';
import { roundTitle } from '../../lib/roundLabel';
import { useTournamentData } from '../tournament/data';

const when = (at: Date) => at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A CSS string: quotes and backslashes escaped, line breaks gone. */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ')}"`;

/**
 * The top and bottom of every paper page (the page's margin boxes): a sheet that falls apart on the hall's table
 * still says what it is and which page of how many.
 */
export function PageMarks({ tournament, title, printedAt }: { tournament: string; title: string; printedAt: Date }) {
  const css = `@page {
  @top-left { content: ${cssString(`${tournament} · ${title}`)}; font: 9pt sans-serif; color: #000; }
  @top-right { content: ${cssString(`printed ${when(printedAt)}`)}; font: 9pt sans-serif; color: #000; }
  @bottom-right { content: "page " counter(page) " of " counter(pages); font: 9pt sans-serif; color: #000; }
}`;
  return <style>{css}</style>;
}

export function SheetHead({
  title,
  round,
  latestRound,
  printedAt,
}: {
  title: string;
  /** The round the sheet is of; none for the sheets of the whole tournament. */
  round: Round | undefined;
  latestRound: number | undefined;
  printedAt: Date;
}) {
  const { tournament, rounds } = useTournamentData();
  if (!tournament) return null;
  const after = latestRound ? `as of round ${latestRound}` : 'before round 1';
  return (
    <header className="sheet-head">
      <h1>
        {title}
        {round ? ` · ${roundTitle(tournament, round.roundNumber, rounds)}` : ''}
      </h1>
      <p>
        <strong>{tournament.description}</strong> · {tournament.date}
        {tournament.location ? ` · ${tournament.location}` : ''}
        {round ? '' : ` · ${after}`} · printed {when(printedAt)}
      </p>
    </header>
  );
}
