/**
 * Confirmation by the opponent on screen (docs/results.md#confirmation-by-the-opponent): what a game's two reports
 * say, with one button to agree (a player) or to accept one of them (the organizer), the desk's switch, and the
 * history of a game's result for the organizer (docs/results.md#who-changed-a-result).
 */
import { SettingSwitch } from '../../components/SettingSwitch';
import { confirmation, type ConfirmationState, enteredBy, type MatchUpResult } from '@competition/engine';
import { Status, useAction, ErrorNote } from '../../components/ui';
import { actions } from '../../data/actions';
import { useLive } from '../../data/hooks';
import type { MatchUp, ResultChange } from '../../data/shapes';
import { watchResultChanges } from '../../data/watchTournamentData';
import { setConfirmScores, writeReport } from '../../data/writes';
import { sendScore } from '../../data/outbox';
import { resultText } from '../../lib/format';
import { useTournamentData } from './data';

/** The side this account plays in the game, if any. */
export function sideIn(game: Pick<MatchUp, 'a' | 'b'>, participantIds: readonly string[]): 'a' | 'b' | null {
  if (participantIds.includes(game.a)) return 'a';
  if (game.b !== null && participantIds.includes(game.b)) return 'b';
  return null;
}

export function confirmationOf(game: MatchUp, confirmScores: boolean | undefined): ConfirmationState {
  return confirmation(game, confirmScores === true).state;
}

/**
 * A reported or entered result in words that need no knowledge of which side is "a": who won, and the score from
 * the winner's side ("Ada won 5–3", "you won 5–3", "a draw 4–4"); the account's own side is "you".
 */
export function reportWords(
  report: MatchUpResult,
  game: Pick<MatchUp, 'a' | 'b'>,
  nameOf: (id: string) => string,
  mine: 'a' | 'b' | null,
): string {
  const name = (side: 'a' | 'b') => (side === mine ? 'you' : nameOf(side === 'a' ? game.a : game.b!));
  if (!report.score) return resultText(report, false);
  const { a, b } = report.score;
  if (a === b) return `a draw ${a}–${b}`;
  return a > b ? `${name('a')} won ${a}–${b}` : `${name('b')} won ${b}–${a}`;
}

/** Who settled a result that counts as entered. */
const ENTERED_BY = { SCOREKEEPER: 'A scorekeeper', EDITOR: 'The organizer' } as const;

/**
 * A game's reports under confirmation: shown to its players, the scorekeepers and the organizer. A player may
 * confirm the opponent's report in one tap; the organizer may accept either report.
 */
export function Reports({ game }: { game: MatchUp }) {
  const { tournament, tournamentId, roles, nameOf } = useTournamentData();
  const [status, run] = useAction();
  if (!tournament?.confirmScores || game.b === null) return null;
  const state = confirmationOf(game, true);
  const mine = sideIn(game, roles.participantIds);
  const other = mine === 'a' ? 'b' : 'a';
  const words = (report: MatchUpResult) => reportWords(report, game, nameOf, mine);
  const reported: Array<{ side: 'a' | 'b'; report: MatchUpResult }> = (['a', 'b'] as const).flatMap((side) => {
    const report = game.reports?.[side] ?? null;
    return report ? [{ side, report }] : [];
  });
  const who = (side: 'a' | 'b') => (side === mine ? 'You' : nameOf(side === 'a' ? game.a : game.b));
  const opponent = mine ? nameOf(mine === 'a' ? game.b : game.a) : null;
  const theirs = mine ? (game.reports?.[other] ?? null) : null;
  const ownReport = mine ? (game.reports?.[mine] ?? null) : null;
  const counts = state === 'ENTERED' || state === 'CONFIRMED';
  const agree = (report: MatchUpResult) =>
    run(async () => {
      const sent = { tournamentId, matchUpId: game.matchUpId, result: report, side: mine! };
      // Offline, the confirmation waits on the phone like a score (SentScores says when it arrives).
      if ((await sendScore(() => writeReport(tournamentId, game, mine!, report), sent)) === 'queued')
        return `kept on this phone: your confirmation of ${words(report)}`;
      return `you confirmed ${words(report)}`;
    });
  const accept = (report: MatchUpResult) =>
    run(async () => {
      await actions.recordScore({ tournamentId, matchUpId: game.matchUpId, result: report });
      return `${words(report)} entered`;
    });
  const headline = (() => {
    switch (state) {
      case 'NO_RESULT':
        return mine
          ? `Enter the score when the game is over: it counts once ${opponent} confirms it.`
          : 'No score reported yet.';
      case 'ENTERED':
        return `${ENTERED_BY[enteredBy(game) ?? 'EDITOR']} entered ${words(game.result!)}: it counts.`;
      case 'CONFIRMED':
        // The confirmation made on this phone offline counts once the server has it (docs/offline.md).
        return game.sync === 'pending'
          ? `Confirmed on this phone: ${words(game.result!)}. It counts once it reaches the server.`
          : `Confirmed by both players: ${words(game.result!)}. It counts.`;
      case 'WAITING':
        if (mine && ownReport) return `Waiting for ${opponent} to confirm: it does not count yet.`;
        if (mine && theirs)
          return `${opponent} reported a score. Confirm it if it is right; if not, enter the right score below.`;
        return 'Waiting for the opponent to confirm: it does not count yet.';
      case 'DISPUTED':
        return mine
          ? `You and ${opponent} reported different scores: it counts for nobody until one of you confirms the other's, or the organizer enters the result.`
          : 'The players disagree: it does not count until one agrees or the organizer settles it.';
    }
  })();
  return (
    <div className={`reports ${state === 'DISPUTED' ? 'warn' : ''}`} data-confirmation={state} role="status">
      <p className="strong">{headline}</p>
      {reported.length > 0 && !counts ? (
        <ul aria-label="Reported scores">
          {reported.map(({ side, report }) => (
            <li key={side} data-report={side}>
              {who(side)} reported: <strong>{words(report)}</strong>
              {roles.editor && !mine ? (
                <>
                  {' '}
                  <button type="button" className="quiet" onClick={() => void accept(report)}>
                    Accept: {words(report)}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {mine && theirs && !counts ? (
        <button type="button" className="primary" onClick={() => void agree(theirs)}>
          Confirm: {words(theirs)}
        </button>
      ) : null}
      <Status status={status} />
    </div>
  );
}

/** The desk's switch: whether a player's score counts only once the opponent confirms it. */
export function ConfirmScoresSwitch() {
  const { tournament, tournamentId } = useTournamentData();
  if (!tournament) return null;
  return (
    <SettingSwitch
      id="confirm-title"
      title="Players' scores"
      label="The opponent confirms a player's score before it counts"
      stored={tournament.confirmScores === true}
      save={(on) => setConfirmScores(tournamentId, on)}
      said={(on) => (on ? 'a player’s score now waits for the opponent' : 'a player’s score now counts at once')}
    >
      <p className="muted small">
        A scorekeeper's or your own entry counts at once and settles a disagreement. Scores already counted stay.
      </p>
    </SettingSwitch>
  );
}

const ROLE_WORDS = {
  SIDE_A: 'first player',
  SIDE_B: 'second player',
  SCOREKEEPER: 'a scorekeeper',
  EDITOR: 'the organizer',
};
const FIELD_WORDS = { result: 'result', reportA: 'first player’s report', reportB: 'second player’s report' };

/** Every change of the game's result and reports, oldest first, for the organizer. */
export function ResultHistory({ game }: { game: MatchUp }) {
  const { tournamentId, nameOf } = useTournamentData();
  const history = useLive<ResultChange[]>(`rc:${tournamentId}:${game.matchUpId}`, (onData, onError) =>
    watchResultChanges(tournamentId, game.matchUpId, onData, onError),
  );
  const by = (change: ResultChange) => {
    if (change.by === null) return 'role not recorded (a cleared result)';
    const player = change.by === 'SIDE_A' ? game.a : change.by === 'SIDE_B' ? game.b : null;
    return player ? `${ROLE_WORDS[change.by]} (${nameOf(player)})` : ROLE_WORDS[change.by];
  };
  const items = history.data ?? [];
  return (
    <section aria-labelledby="history-title" className="stack">
      <h3 id="history-title">Changes of this result</h3>
      <ErrorNote error={history.error} />
      {items.length === 0 ? <p className="muted">No change yet.</p> : null}
      <ol className="history" aria-label="Changes of this result">
        {items.map((change) => (
          <li key={`${change.at}-${change.by ?? ''}-${change.changes.map((c) => c.field).join()}`}>
            <time dateTime={change.at}>{new Date(change.at).toLocaleTimeString()}</time> · {by(change)}:{' '}
            {change.changes
              .map((c) => `${FIELD_WORDS[c.field]} ${resultText(c.before, false)} → ${resultText(c.after, false)}`)
              .join('; ')}
          </li>
        ))}
      </ol>
    </section>
  );
}
