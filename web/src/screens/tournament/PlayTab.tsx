/**
 * The player's and the scorekeeper's screen, phone first: my current game (round, table, opponent) with its score
 * entry, my standing and my games; a scorekeeper sees every game of the open round.
 */
import { href } from '../../app/route';
import { useSession } from '../../app/session';
import { ConfirmButton } from '../../components/Confirm';
import { Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { MatchUp } from '../../data/shapes';
import { colourNames, hallTime, handicapText, num, rankingPoints, resultIn, resultText } from '../../lib/format';
import { resultStyle } from '@competition/engine/view';

import { useTournamentData } from './data';
import { ByeRequests } from './ByeRequests';
import { CutOutlookPanel } from './CutOutlook';
import { CallJudge, JudgeDesk } from './JudgeCalls';
import { MyPenalties } from './Penalties';
import { DeckListsDesk, MyDeckList } from './DeckLists';
import { AtMyTable } from './TableCheckIn';
import { ScoreForm } from './ScoreForm';
import { StandingsTab } from './StandingsTab';

export function PlayTab() {
  const { user } = useSession();
  const data = useTournamentData();
  const { tournament, roles, matchUps, currentRound, standings, tournamentId } = data;
  if (!tournament) return null;
  const style = resultStyle(tournament.policy, tournament.pairing.method);
  if (!user) {
    return (
      <section className="card">
        <p>
          <a href={href.signIn(`/t/${tournamentId}/play`)}>Sign in</a> to see your game and enter its score.
        </p>
        <StandingsTab compact />
      </section>
    );
  }
  const mine = roles.participantIds;
  const roundGames = currentRound ? matchUps.filter((m) => m.roundNumber === currentRound.roundNumber) : [];
  return (
    <div className="stack play">
      {mine.length === 0 && !roles.scorekeeper && !roles.editor ? (
        <section className="card" aria-labelledby="not-entered-title">
          <h2 id="not-entered-title">You are not entered in this tournament</h2>
          <p>
            Only the two players of a game, a scorekeeper or the organizer can enter its score. If you play,{' '}
            <a href={href.join(tournamentId)}>join with the claim code</a> the organizer gave you.
          </p>
        </section>
      ) : null}
      {mine.map((participantId) => {
        const game = roundGames.find((m) => m.a === participantId || m.b === participantId);
        const row = standings.find((s) => s.participantId === participantId);
        return (
          <section
            key={participantId}
            className="card my-game"
            aria-labelledby={`me-${participantId}`}
            data-me={participantId}
          >
            <h2 id={`me-${participantId}`}>{data.nameOf(participantId)}</h2>
            {row ? (
              <p className="my-standing" data-rank={row.rank}>
                Place{' '}
                <strong>
                  {row.rank}
                  {row.sharedRank ? '=' : ''}
                </strong>{' '}
                of {standings.length} · <strong>{num(rankingPoints(row, style).value)}</strong>{' '}
                {rankingPoints(row, style).long} · {row.wins}-{row.draws}-{row.losses}
              </p>
            ) : null}
            {game && currentRound ? (
              <CurrentGame game={game} me={participantId} open={currentRound.status === 'OPEN'} />
            ) : (
              <p className="muted">No game for you in the current round.</p>
            )}
            {/* One per game: the last round's "checked in" must not carry into the next. */}
            {game ? <AtMyTable key={game.matchUpId} game={game} me={participantId} /> : null}
            {game ? <CallJudge game={game} me={participantId} /> : null}
            <CutOutlookPanel participantId={participantId} />
            <MyGames participantId={participantId} />
            <MyDeckList participantId={participantId} />
            <MyPenalties participantId={participantId} />
            <ByeRequests participantId={participantId} />
            <DropOut participantId={participantId} game={game} />
          </section>
        );
      })}
      {(roles.scorekeeper || roles.editor) && currentRound?.status === 'OPEN' ? <JudgeDesk /> : null}
      {roles.scorekeeper || roles.editor ? <DeckListsDesk /> : null}
      {(roles.scorekeeper || roles.editor) && currentRound ? (
        <section className="card" aria-labelledby="all-games-title">
          <h2 id="all-games-title">All games of round {currentRound.roundNumber}</h2>
          <ol className="keeper-list">
            {roundGames.map((m) => (
              <li key={m.matchUpId}>
                <span className="strong">
                  Table {m.order + 1}: {data.nameOf(m.a)} v {data.nameOf(m.b)}
                </span>
                {currentRound.status === 'OPEN' ? (
                  <ScoreForm
                    key={m.matchUpId}
                    tournamentId={tournamentId}
                    matchUp={m}
                    nameA={data.nameOf(m.a)}
                    nameB={data.nameOf(m.b)}
                    scoring={tournament.policy.scoringPolicy}
                    channel={roles.editor ? 'callable' : 'rules'}
                  />
                ) : (
                  <span>
                    {' '}
                    {resultIn(resultStyle(tournament.policy, tournament.pairing.method), m.result, m, data.nameOf)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <StandingsTab compact />
    </div>
  );
}

function CurrentGame({ game, me, open }: { game: MatchUp; me: string; open: boolean }) {
  const { tournament, tournamentId, nameOf, participant } = useTournamentData();
  const opponent = game.a === me ? game.b : game.a;
  const rating = opponent ? participant(opponent)?.rating : undefined;
  const colours = tournament ? colourNames(tournament.pairing, tournament.policy) : null;
  const handicap = opponent === null ? null : handicapText(game.cost);
  return (
    <div className="current-game" data-matchup={game.matchUpId}>
      <p className="game-head">
        Round <strong>{game.roundNumber}</strong> · Table <strong>{game.order + 1}</strong>
      </p>
      {opponent === null ? (
        <p className="versus">You have a bye this round.</p>
      ) : (
        <p className="versus">
          against <strong className="opponent">{nameOf(opponent)}</strong>
          {rating !== undefined ? <span className="muted"> ({rating})</span> : null}
          {colours ? (
            <span className="my-colour">
              {' · you play '}
              <strong>{game.movesFirst === me ? colours.first : colours.second}</strong>
            </span>
          ) : null}
        </p>
      )}
      {handicap ? (
        <p className="handicap" data-handicap>
          {handicap}
        </p>
      ) : null}
      {opponent !== null && open ? (
        <ScoreForm
          // One form per game: a saved status never carries over to the next round's game.
          key={game.matchUpId}
          tournamentId={tournamentId}
          matchUp={game}
          nameA={game.a === me ? `${nameOf(game.a)} (you)` : nameOf(game.a)}
          nameB={game.b === me ? `${nameOf(game.b)} (you)` : nameOf(game.b)}
          scoring={tournament!.policy.scoringPolicy}
          channel="rules"
          large
        />
      ) : (
        <p>
          Result: <strong>{resultText(game.result, game.b === null)}</strong>
        </p>
      )}
      <p className="muted small">
        <a href={href.table(tournamentId, game.matchUpId)}>Link to this table's score</a>
      </p>
    </div>
  );
}

function MyGames({ participantId }: { participantId: string }) {
  const { matchUps, nameOf, tournamentId } = useTournamentData();
  const games = matchUps.filter((m) => m.a === participantId || m.b === participantId);
  if (games.length === 0) return null;
  return (
    <details className="my-games">
      <summary>My games ({games.length})</summary>
      <ul>
        {games.map((m) => {
          const opponent = m.a === participantId ? m.b : m.a;
          return (
            <li key={m.matchUpId}>
              Round {m.roundNumber}:{' '}
              {opponent ? <a href={href.participant(tournamentId, opponent)}>{nameOf(opponent)}</a> : 'bye'} —{' '}
              {resultFor(m, participantId)}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** The result from this player's side: "won 5–3", "lost 2–5", "draw 4–4". */
export function resultFor(m: MatchUp, participantId: string): string {
  if (!m.result) return m.b === null ? 'bye' : 'not played yet';
  const mineIsA = m.a === participantId;
  if (m.result.score) {
    const [mine, theirs] = mineIsA ? [m.result.score.a, m.result.score.b] : [m.result.score.b, m.result.score.a];
    const word = mine > theirs ? 'won' : mine < theirs ? 'lost' : 'draw';
    return `${word} ${mine}–${theirs}`;
  }
  return resultText(m.result, m.b === null);
}

/**
 * A player drops themselves (docs/organisation.md#a-player-drops-out): asked first, since only the organizer takes
 * it back; a game of the round being played is still theirs to finish and score.
 */
function DropOut({ participantId, game }: { participantId: string; game: MatchUp | undefined }) {
  const { tournamentId, tournament, participant, currentRound } = useTournamentData();
  const [status, run] = useAction();
  const entry = participant(participantId);
  if (!tournament || tournament.status !== 'RUNNING' || !entry) return null;
  if (entry.withdrawn)
    return (
      <p className="dropped note" role="status">
        {entry.droppedAt
          ? `You dropped out at ${hallTime(entry.droppedAt)}: you are not paired again.`
          : 'The organizer withdrew you: you are not paired again.'}{' '}
        Only the organizer can take you back.
      </p>
    );
  const playing = game && game.b !== null && game.result === null && currentRound?.status === 'OPEN';
  return (
    <div className="stack drop-out">
      <ConfirmButton
        label="Drop from the tournament"
        className="quiet"
        question={
          <p>
            Drop out of {tournament.description}? You will not be paired again, and only the organizer can take you
            back.
            {playing
              ? ` Your game at table ${game.order + 1} still counts: finish it and enter its score.`
              : ' Your results so far stay in the standings.'}
          </p>
        }
        confirmLabel="Yes, drop me"
        onConfirm={() =>
          void run(async () => {
            await actions.dropOut({ tournamentId, participantId });
            return 'you dropped out: the organizer sees it';
          })
        }
      />
      <Status status={status} id="drop-out-status" />
    </div>
  );
}
