/** One table's game, from a link or a QR code on the table: its result, and its score entry for those allowed. */
import { href } from '../../app/route';
import { useSession } from '../../app/session';
import { resultIn } from '../../lib/format';
import { resultStyle } from '@competition/engine/view';

import { useTournamentData } from './data';
import { ScoreForm } from './ScoreForm';
import { Reports, ResultHistory } from './Confirmation';

export function TablePage({ matchUpId }: { matchUpId: string }) {
  const { user } = useSession();
  const { matchUps, rounds, roles, nameOf, tournament, tournamentId } = useTournamentData();
  const game = matchUps.find((m) => m.matchUpId === matchUpId);
  if (!game || !tournament) return <p>This game does not exist (the round may have been undone).</p>;
  const round = rounds.find((r) => r.roundNumber === game.roundNumber);
  const plays = roles.participantIds.includes(game.a) || (game.b !== null && roles.participantIds.includes(game.b));
  const allowed = plays || roles.scorekeeper || roles.editor;
  const open = round?.status === 'OPEN' && tournament.status === 'RUNNING';
  return (
    <section className="card narrow" aria-labelledby="table-title" data-matchup={game.matchUpId}>
      <h2 id="table-title">
        Round {game.roundNumber} · Table {game.order + 1}
      </h2>
      <p className="versus big">
        {nameOf(game.a)} <span className="muted">v</span> {nameOf(game.b)}
      </p>
      <p>
        Result:{' '}
        <strong data-result-text>
          {resultIn(resultStyle(tournament.policy, tournament.pairing.method), game.result, game, nameOf)}
        </strong>
      </p>
      {!user ? (
        <p>
          <a href={href.signIn(`/t/${tournamentId}/m/${matchUpId}`)}>Sign in</a> to enter this score.
        </p>
      ) : !allowed ? (
        <p className="note" role="note">
          Only the two players of this game, a scorekeeper or the organizer can enter its score.
        </p>
      ) : !open ? (
        <>
          <Reports game={game} />
          <p className="note">
            {roles.editor
              ? `Round ${game.roundNumber} is closed: reopen it on the Rounds tab to correct this score.`
              : `Round ${game.roundNumber} is closed: ask the organizer to reopen it for a correction.`}
          </p>
        </>
      ) : (
        <ScoreForm
          key={game.matchUpId}
          tournamentId={tournamentId}
          matchUp={game}
          nameA={nameOf(game.a)}
          nameB={nameOf(game.b)}
          scoring={tournament.policy.scoringPolicy}
          channel={roles.editor && !plays ? 'callable' : 'rules'}
          large
        />
      )}
      {roles.editor ? <ResultHistory game={game} /> : null}
    </section>
  );
}
