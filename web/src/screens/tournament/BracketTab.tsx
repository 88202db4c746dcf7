/**
 * A knockout's bracket, or the top cut after a Swiss or a round robin (docs/playoff.md): rounds as columns, each
 * game with both players, the result and who goes on; a cut's players with their seed from the standings.
 */
import { href } from '../../app/route';
import type { MatchUp } from '../../data/shapes';
import { type BracketEntry, type BracketSeries, buildBracket, knockoutOptions } from '../../lib/bracket';
import { resultText } from '../../lib/format';
import { winnerOf } from '../../lib/outcome';
import { cutBracketOptions, playoffFormat, playoffView, plannedPlayoff } from '../../lib/playoff';
import { useTournamentData } from './data';

const LABELS = { FINAL: 'Final', THIRD_PLACE: 'Third place' } as const;

export function BracketTab() {
  const { tournament, matchUps, rounds, nameOf, standings } = useTournamentData();
  if (!tournament) return null;
  const scoring = tournament.policy.scoringPolicy;
  const cut = tournament.system === 'KNOCKOUT' ? null : playoffView(tournament, rounds, matchUps, scoring, standings);
  if (tournament.system !== 'KNOCKOUT' && cut === null) {
    const planned = plannedPlayoff(tournament);
    const after = tournament.totalRounds ? ` after round ${tournament.totalRounds}` : ' after the last round';
    return (
      <p className="card muted">
        The bracket appears when the {planned?.topCut ? `top ${planned.topCut}` : 'finals'} {after.trim()} are paired.
      </p>
    );
  }
  const options = cut ? cutBracketOptions(cut) : knockoutOptions(tournament.pairing.options);
  const bracket = buildBracket(cut ? cut.matchUps : matchUps, options, scoring, cut?.mainRounds ?? 0);
  if (bracket.entrants === 0) return <p className="card muted">The bracket appears with round 1.</p>;
  const format = cut
    ? playoffFormat(cut)
    : [
        `${bracket.entrants} players`,
        options.finals === 0 ? 'no final' : options.finals === 2 ? 'final and third place' : 'final',
        options.finals > 0 ? (options.bestOfThree ? 'finals best of three' : 'single-game final') : null,
      ]
        .filter(Boolean)
        .join(' · ');
  const seedOf = cut ? new Map(cut.seeding.map((id, k) => [id, k + 1])) : new Map<string, number>();
  return (
    <section className="card" aria-labelledby="bracket-title">
      <div className="row between wrap">
        <h2 id="bracket-title">Bracket</h2>
        <p className="muted small">{format}</p>
      </div>
      {bracket.champion || bracket.third ? (
        <p className="podium" data-champion={bracket.champion ?? ''} data-third={bracket.third ?? ''}>
          {bracket.champion ? (
            <span>
              Winner: <strong className="champion">{nameOf(bracket.champion)}</strong>
            </span>
          ) : null}
          {bracket.third ? (
            <span>
              Third place: <strong>{nameOf(bracket.third)}</strong>
            </span>
          ) : null}
        </p>
      ) : null}
      <div className="bracket" role="list" aria-label="Bracket rounds">
        {bracket.columns.map((column) => (
          <section
            key={column.title}
            className="bracket-round"
            role="listitem"
            aria-label={column.title}
            data-rounds={column.rounds.join(',')}
          >
            <h3>{column.title}</h3>
            {column.entries.length === 0 ? (
              <p className="muted small">Not paired yet.</p>
            ) : (
              <ol className="bracket-games">
                {column.entries.map((entry) => (
                  <Entry key={entryKey(entry)} entry={entry} seedOf={seedOf} roundOffset={cut?.mainRounds ?? 0} />
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}

const entryKey = (entry: BracketEntry) =>
  entry.kind === 'series' ? `series:${entry.a}:${entry.b}` : entry.matchUp.matchUpId;

interface Seeds {
  /** A top cut's seeds (rank in the standings it was cut from); empty for a knockout. */
  seedOf: ReadonlyMap<string, number>;
  roundOffset: number;
}

function Entry({ entry, seedOf, roundOffset }: { entry: BracketEntry } & Seeds) {
  if (entry.kind === 'series') return <Series series={entry} seedOf={seedOf} roundOffset={roundOffset} />;
  const { matchUp: m, winner, label } = entry;
  const score = m.result?.score;
  const bye = m.b === null;
  // Results without game points (a forfeit, a winner alone) are said in words under the pair.
  const note = m.result && !score && !bye ? resultText(m.result, false) : null;
  return (
    <li className="bracket-game" data-matchup={m.matchUpId} data-label={label ?? ''} data-winner={winner ?? ''}>
      {label ? <span className="game-label">{LABELS[label]}</span> : null}
      <Slot id={m.a} won={winner === m.a} score={score?.a} final={label !== null} seed={seedOf.get(m.a)} />
      {bye ? (
        <p className="slot bye">bye</p>
      ) : (
        <Slot id={m.b} won={winner === m.b} score={score?.b} final={label !== null} seed={seedOf.get(m.b ?? '')} />
      )}
      {note ? <p className="muted small">{note}</p> : null}
      {!m.result && !bye ? <p className="muted small">to play</p> : null}
    </li>
  );
}

interface SlotProps {
  id: string | null;
  won: boolean;
  score: number | undefined;
  /** A final's (or third place's) winner wins it; anyone else's goes on to the next round. */
  final: boolean;
  scoreTitle?: string;
  seed?: number | undefined;
}

function Slot({ id, won, score, final, scoreTitle, seed }: SlotProps) {
  const { nameOf, tournamentId } = useTournamentData();
  return (
    <p className={`slot ${won ? 'won' : ''}`} data-participant={id ?? ''}>
      <span className="slot-name">
        {seed ? (
          <abbr className="seed muted small" title="seed: place in the standings the cut was made from">
            {seed}{' '}
          </abbr>
        ) : null}
        {id ? <a href={href.participant(tournamentId, id)}>{nameOf(id)}</a> : '—'}
        {won ? <span className="advances">{final ? ' ✓ wins' : ' ✓ goes on'}</span> : null}
      </span>
      <span className="slot-score" title={scoreTitle}>
        {score ?? ''}
      </span>
    </p>
  );
}

/** A best-of-three final: games won by each side, and every game with its winner. */
function Series({ series, seedOf, roundOffset }: { series: BracketSeries } & Seeds) {
  const { nameOf, tournament } = useTournamentData();
  const { winner, label } = series;
  const said = (m: MatchUp) => {
    if (!m.result) return 'to play';
    const won = tournament ? winnerOf(m, tournament.policy.scoringPolicy) : null;
    if (!m.result.score || !won) return resultText(m.result, false);
    const { a, b } = m.result.score;
    return `${nameOf(won)} won ${Math.max(a, b)}–${Math.min(a, b)}`;
  };
  return (
    <li
      className="bracket-game series"
      data-label={label}
      data-winner={winner ?? ''}
      data-wins={`${series.wins.a}-${series.wins.b}`}
    >
      <span className="game-label">{LABELS[label]} · best of three · games won</span>
      <Slot
        id={series.a}
        won={winner === series.a}
        score={series.wins.a}
        final
        scoreTitle="games won"
        seed={seedOf.get(series.a)}
      />
      <Slot
        id={series.b}
        won={winner === series.b}
        score={series.wins.b}
        final
        scoreTitle="games won"
        seed={seedOf.get(series.b)}
      />
      <ol className="series-games" aria-label={`${LABELS[label]} games`}>
        {series.games.map((m, k) => (
          <li key={m.matchUpId} data-matchup={m.matchUpId}>
            Game {k + 1} (round {m.roundNumber + roundOffset}): {said(m)}
          </li>
        ))}
      </ol>
    </li>
  );
}
