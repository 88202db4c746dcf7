/**
 * The organizer's list of games whose players disagree on the score (docs/results.md#confirmation-by-the-opponent),
 * beside the refused scores: each with both reports and a link to the table, where either can be accepted.
 */
import { href } from '../../app/route';
import { useTournamentData } from './data';
import { Reports } from './Confirmation';

export function Disputes() {
  const { scoreProblems, matchUps, nameOf, tournamentId } = useTournamentData();
  const disputed = scoreProblems
    .filter((p) => p.kind === 'DISPUTED')
    .flatMap((p) => matchUps.filter((m) => m.matchUpId === p.matchUpId));
  if (disputed.length === 0) return null;
  return (
    <section className="card warn" aria-labelledby="disputes-title">
      <h2 id="disputes-title">Scores the players disagree on</h2>
      <p className="small">
        These games count for nobody until one player agrees with the other or you enter the result.
      </p>
      <ul aria-label="Disputed scores" className="stack">
        {disputed.map((game) => (
          <li key={game.matchUpId} data-matchup={game.matchUpId}>
            <a href={href.table(tournamentId, game.matchUpId)}>
              Round {game.roundNumber}, table {game.order + 1} ({nameOf(game.a)} v {nameOf(game.b)})
            </a>
            <Reports game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}
