/**
 * The scores this device sent through the rules, until the server's copy settles them (lib/outbox.ts): waiting to
 * send while offline or unanswered, sent once the server has them, and, when the server kept another result (the
 * round was closed meanwhile, somebody else wrote, the rules refused it), which result stands and who entered it.
 */
import { useEffect, useState } from 'react';
import { forgetSentScore, useSentScores } from '../../data/outbox';
import type { MatchUp } from '../../data/shapes';
import { resultText } from '../../lib/format';
import { type SentScore, deliveryOf } from '../../lib/outbox';
import { useTournamentData } from './data';

const text = (result: SentScore['result'], isBye: boolean) =>
  result ? resultText({ kind: 'PLAYED', ...result }, isBye) : 'no result (cleared)';
/** One sent score, told apart from a later one for the same game (each is said to have arrived once). */
const sentId = (s: SentScore) => `${s.matchUpId} ${s.side ?? ''} ${s.writtenAt}`;
/** What was sent: a score, or under confirmation the player's own report of it. */
const sentText = (s: SentScore, isBye: boolean) => `${s.side ? 'your report ' : ''}${text(s.result, isBye)}`;

export function SentScores() {
  const { tournamentId, matchUps, rounds, nameOf } = useTournamentData();
  const sent = useSentScores(tournamentId);
  const byId = new Map(matchUps.map((m) => [m.matchUpId, m]));
  const judged = sent.map((s) => ({
    sent: s,
    matchUp: byId.get(s.matchUpId),
    delivery: deliveryOf(s, byId.get(s.matchUpId)),
  }));
  // A score seen on the server is said once to have arrived. The line is kept here while rendering (React's way to
  // follow a change of what it is given), since the score itself leaves `sent` as soon as it is forgotten below.
  const [told, setTold] = useState<{ ids: readonly string[]; lines: readonly string[] }>({ ids: [], lines: [] });
  const news = judged.flatMap(({ sent: s, matchUp, delivery }) =>
    matchUp && delivery === 'arrived' && !told.ids.includes(sentId(s)) ? [{ s, matchUp }] : [],
  );
  if (news.length > 0) {
    setTold(({ ids, lines }) => ({
      ids: [...ids, ...news.map(({ s }) => sentId(s))],
      lines: news.reduce((list, { s, matchUp }) => {
        // Named by round and table: the phone keeps the line into later rounds, where table 1 is another game.
        const where = `Round ${matchUp.roundNumber}, table ${matchUp.order + 1}`;
        const line = `${where}: ${s.side ? 'your report' : 'your score'} ${text(s.result, matchUp.b === null)} reached the server.`;
        return [...list.filter((l) => !l.startsWith(`${where}:`)), line];
      }, lines),
    }));
  }
  const arrived = told.lines;
  // ... and forgotten.
  useEffect(() => {
    const here = new Map(matchUps.map((m) => [m.matchUpId, m]));
    for (const s of sent) {
      const matchUp = here.get(s.matchUpId);
      if (matchUp && deliveryOf(s, matchUp) === 'arrived') forgetSentScore(s);
    }
  }, [sent, matchUps]);
  const describeWriter = (m: MatchUp) =>
    m.scoredBy === 'EDITOR'
      ? 'entered by the organizer'
      : m.scoredBy === 'SCOREKEEPER'
        ? 'entered by a scorekeeper'
        : m.scoredBy === 'SIDE_A'
          ? `entered by ${nameOf(m.a)}`
          : m.scoredBy === 'SIDE_B'
            ? `entered by ${nameOf(m.b)}`
            : 'as the server holds it';
  const waiting = judged.filter((j) => j.delivery === 'waiting');
  const refused = judged.filter((j) => j.delivery === 'refused');
  if (!waiting.length && !refused.length && !arrived.length) return null;
  return (
    <section className="card sent-scores" aria-label="Your scores on this phone">
      {waiting.map(({ sent: s, matchUp }) => (
        <p key={s.matchUpId} className="waiting-to-send" role="status" data-matchup={s.matchUpId}>
          <strong>Waiting to send</strong>
          {matchUp ? ` table ${matchUp.order + 1}` : ''}: {sentText(s, matchUp?.b === null)}. It is kept on this phone
          and goes to the server when the network is back.
        </p>
      ))}
      {refused.map(({ sent: s, matchUp }) => {
        const round = rounds.find((r) => r.roundNumber === matchUp?.roundNumber);
        return (
          <div key={s.matchUpId} className="error score-refused" role="alert" data-matchup={s.matchUpId}>
            <p>
              <strong>{s.side ? 'Your report did not arrive' : 'Your score did not count'}</strong>
              {matchUp ? ` (table ${matchUp.order + 1}, round ${matchUp.roundNumber})` : ''}: you sent{' '}
              {sentText(s, matchUp?.b === null)}
              {round?.status === 'CLOSED' ? ', but the round was closed before it arrived' : ''}. The result that stands
              is <strong className="standing-result">{matchUp ? text(matchUp.result, matchUp.b === null) : '–'}</strong>
              {matchUp?.result ? `, ${describeWriter(matchUp)}` : ''}. Ask the organizer if it is wrong.
            </p>
            <button type="button" onClick={() => forgetSentScore(s)}>
              Understood
            </button>
          </div>
        );
      })}
      {arrived.map((line) => (
        <p key={line} className="ok score-arrived" role="status">
          {line}
        </p>
      ))}
    </section>
  );
}
