/**
 * "Can I draw?" (docs/playoff.md#can-i-draw): before their game of a Swiss round with a cut ahead, a player reads
 * what a win, a draw or a loss does to their place in it; the organizer can turn it off on the desk.
 */
import { type CutChance, outlookBeforeGame, playoffOf } from '@competition/engine/view';
import { SettingSwitch } from '../../components/SettingSwitch';
import { setCutOutlook } from '../../data/writes';
import { useTournamentData } from './data';

const CHANCE_WORDS: Record<CutChance, string> = {
  CERTAIN: 'in, whatever the other results',
  OUTRIGHT: 'possible: in on match points if the other results go your way',
  TIEBREAKS: 'possible only on tiebreaks',
  POSSIBLE: 'possible: it depends on the other results and the rounds left',
  OUT: 'not enough',
};

const RESULT_WORDS = { WIN: 'A win', DRAW: 'A draw', LOSS: 'A loss' } as const;

/** The answer on the player's card, while their game of the round has no result. */
export function CutOutlookPanel({ participantId }: { participantId: string }) {
  const { tournament, currentRound, standings, standingsPages, matchUps, matchUpsRead } = useTournamentData();
  if (!tournament || !currentRound || tournament.cutOutlook === false) return null;
  // The answer needs every player's match points: a large field's ranked pages hold only some of them.
  if (standingsPages !== null || !matchUpsRead) return null;
  const playoff = playoffOf(tournament.system, tournament.pairing.options);
  const outlook = outlookBeforeGame(
    {
      system: tournament.system,
      playoff,
      totalRounds: tournament.totalRounds,
      roundNumber: currentRound.roundNumber,
      table: tournament.policy.scoringPolicy.matchPoints,
      rows: standings,
      matchUps,
    },
    participantId,
  );
  if (outlook === null || playoff === null) return null;
  const cut = playoff.topCut > 0 ? `the top ${playoff.topCut}` : 'the final';
  return (
    <section className="cut-outlook" aria-labelledby={`outlook-${participantId}`} data-cut-outlook={participantId}>
      <h3 id={`outlook-${participantId}`}>Can I draw? Your place in {cut}</h3>
      {outlook === 'UPDATING' ? (
        <p className="muted">The standings are catching up with the latest results…</p>
      ) : (
        <ul>
          {(['WIN', 'DRAW', 'LOSS'] as const).map((result) => (
            <li key={result} data-result={result} data-chance={outlook[result]}>
              <strong>{RESULT_WORDS[result]}:</strong> {CHANCE_WORDS[outlook[result]]}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        On match points, from the standings now and the games of this round
        {currentRound.roundNumber < (tournament.totalRounds ?? 0) ? ' and the rounds left' : ''}.
      </p>
    </section>
  );
}

/** The desk's switch, for a Swiss with a playoff. */
export function CutOutlookSwitch() {
  const { tournament, tournamentId } = useTournamentData();
  if (!tournament || tournament.system !== 'SWISS' || !playoffOf(tournament.system, tournament.pairing.options))
    return null;
  return (
    <SettingSwitch
      id="cut-outlook-title"
      title="Can I draw?"
      label="Before each Swiss round, players see what a win, a draw or a loss does to their place in the cut"
      stored={tournament.cutOutlook !== false}
      save={(on) => setCutOutlook(tournamentId, on)}
      said={(on) => (on ? 'players see what each result does to their place in the cut' : 'players no longer see it')}
    />
  );
}
