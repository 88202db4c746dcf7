/**
 * One player's game in the open round, in a sentence: the round, the table, the opponent and the side. Shared by
 * the spectator's search, the participant's page and the player's round notice.
 */
import { href } from '../../app/route';
import type { MatchUp } from '../../data/shapes';
import { colourNames, resultIn } from '../../lib/format';
import { resultStyle } from '@competition/engine/view';
import { useLive } from '../../data/hooks';
import { watchOpenGame } from '../../data/watchTournamentData';
import { useTournamentData } from './data';

/** The player's game in the latest round, or undefined when the round has none for them (or there is no round). */
export function useOpenGame(participantId: string): MatchUp | undefined {
  return useOpenGameRead(participantId).game;
}

/**
 * The open game, and whether it is still being read: from the tournament's matchUps when they are read, else
 * (a spectator's standings outside a playoff, which read no matchUp) from the player's own game alone.
 */
function useOpenGameRead(participantId: string): { game: MatchUp | undefined; reading: boolean } {
  const { matchUps, currentRound, matchUpsRead, tournamentId } = useTournamentData();
  const round = currentRound?.roundNumber;
  const alone = !matchUpsRead && participantId !== '' && round !== undefined;
  const own = useLive<MatchUp | null>(
    alone ? `open:${tournamentId}:${round}:${participantId}` : null,
    (onData, onError) => watchOpenGame(tournamentId, round!, participantId, onData, onError),
  );
  if (round === undefined) return { game: undefined, reading: false };
  if (!matchUpsRead) return { game: own.data ?? undefined, reading: own.data === undefined && !own.error };
  const game = matchUps.find((m) => m.roundNumber === round && (m.a === participantId || m.b === participantId));
  return { game, reading: false };
}

export function OpenGameLine({ participantId, you = false }: { participantId: string; you?: boolean }) {
  const { tournament, tournamentId, nameOf, currentRound } = useTournamentData();
  const { game, reading } = useOpenGameRead(participantId);
  if (!tournament || !currentRound) return <span className="muted">No round paired yet.</span>;
  if (reading) return <span className="muted">Looking the game up…</span>;
  if (!game) return <span className="muted">No game in round {currentRound.roundNumber}.</span>;
  const opponent = game.a === participantId ? game.b : game.a;
  const colours = colourNames(tournament.pairing, tournament.policy);
  const first = game.movesFirst === participantId;
  const side = colours ? (first ? colours.first : colours.second) : null;
  const who = you ? 'you' : nameOf(participantId);
  return (
    <span className="open-game" data-participant={participantId} data-matchup={game.matchUpId}>
      Round <strong>{game.roundNumber}</strong> · Table <strong className="table-number">{game.order + 1}</strong>
      {opponent === null ? (
        <> · {who === 'you' ? 'you have' : `${who} has`} a bye</>
      ) : (
        <>
          {' '}
          · against <strong className="opponent">{nameOf(opponent)}</strong>
          {/* Without colours who starts is decided at the table (a die roll in a card game): nothing to say. */}
          {colours ? (
            <>
              {' '}
              · <span className="side">{`${who} ${who === 'you' ? 'play' : 'plays'} ${side}`}</span>
            </>
          ) : null}
          {game.result ? (
            <>
              {' '}
              · result {resultIn(resultStyle(tournament.policy, tournament.pairing.method), game.result, game, nameOf)}
            </>
          ) : null}{' '}
          · <a href={href.table(tournamentId, game.matchUpId)}>the table's score</a>
        </>
      )}
    </span>
  );
}
