/**
 * Rounds: generate the next one (optionally with a seed, or forced past open games), undo the last while it has
 * no scores, review each pair with the engine's reasons in words, enter and correct every score, and reopen a
 * closed round to correct it.
 */
import { Disputes } from './Disputes';
import { type FormEvent, useRef, useState } from 'react';
import { href, navigate } from '../../app/route';
import { ConfirmButton } from '../../components/Confirm';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { MatchUp, Round } from '../../data/shapes';
import { setRoundStatus } from '../../data/writes';
import { METHOD_LABELS, colourNames, handicapText, resultIn } from '../../lib/format';
import { frozenSeeding, playoffOf, resultStyle, roundCloseWarning } from '@competition/engine/view';
import { byeReasons, pairReasons, softCosts } from '../../lib/reasons';
import { notCheckedIn, scheduleAdviceFor } from '@competition/engine';
import { JudgeDesk, useJudgeCalls } from './JudgeCalls';
import { NoShowDesk } from './TableCheckIn';
import { useTournamentData } from './data';
import { PairingEditor, RoundEdits } from './PairingEditor';
import { ScoreForm } from './ScoreForm';
import { newRequestId } from '../../lib/requestId';

/** "7 tables and a bye", as the desk says how a round was paired. */
const tables = (games: number, byes: number) => {
  const played = games - byes;
  const byeWords = byes === 0 ? '' : byes === 1 ? ' and a bye' : ` and ${byes} byes`;
  return `${played} ${played === 1 ? 'table' : 'tables'}${byeWords}`;
};

export function RoundsTab({ roundNumber }: { roundNumber: number | undefined }) {
  const data = useTournamentData();
  const { tournament, rounds, matchUps, roles, participants, scoreProblems, nameOf } = data;
  if (!tournament) return null;
  const selected = rounds.find((r) => r.roundNumber === roundNumber) ?? rounds.at(-1);
  const active = participants.filter((p) => !p.withdrawn);
  const withByes = active.filter((p) => (p.awardedByes ?? 0) > 0).length;
  // The rounds table (docs/pairing.md#rounds) is for Swiss fields: round robins and knockouts follow their schedule.
  const advice = tournament.system === 'SWISS' ? scheduleAdviceFor(tournament.policy, participants) : undefined;
  const cut = advice?.topCut ? ` and a top ${advice.topCut}` : '';
  return (
    <div className="rounds-layout">
      <aside className="card" aria-labelledby="rounds-nav-title">
        <h2 id="rounds-nav-title">Rounds</h2>
        <p className="muted small">
          {active.length} active players
          {withByes ? ` (${withByes} with awarded byes)` : ''}
          {advice?.rounds ? ` · ${advice.rounds} rounds${cut} recommended` : ''}
          {tournament.totalRounds ? ` · ${tournament.totalRounds} planned` : ''}
        </p>
        {rounds.length === 0 ? <p className="muted">No round yet.</p> : null}
        <ol className="round-list">
          {rounds.map((r) => (
            <li key={r.roundNumber}>
              <a
                href={href.round(data.tournamentId, r.roundNumber)}
                aria-current={selected?.roundNumber === r.roundNumber ? 'page' : undefined}
                data-round={r.roundNumber}
                data-status={r.status}
              >
                Round {r.roundNumber} <span className="tag">{r.status === 'OPEN' ? 'open' : 'closed'}</span>
              </a>
            </li>
          ))}
        </ol>
        {roles.editor && tournament.status === 'CLOSED' ? (
          <p className="note small" data-closed-note>
            The tournament is closed: reopen it from Organize to enter a result or pair another round.
          </p>
        ) : null}
        {roles.editor && tournament.status !== 'CLOSED' ? <RoundControls /> : null}
      </aside>
      <div className="stack">
        {roles.editor ? <Disputes /> : null}
        {roles.editor && scoreProblems.some((p) => p.kind !== 'DISPUTED') ? (
          <section className="card warn" aria-labelledby="problems-title">
            <h2 id="problems-title">Scores the engine refused</h2>
            <p className="small">
              These results are stored on their games but left out of the standings: enter the right result, or clear
              it.
            </p>
            <ul aria-label="Refused scores">
              {scoreProblems
                .filter((p) => p.kind !== 'DISPUTED')
                .map((p) => {
                  const game = matchUps.find((m) => m.matchUpId === p.matchUpId);
                  const where = game
                    ? `Round ${game.roundNumber}, table ${game.order + 1} (${nameOf(game.a)} v ${nameOf(game.b)})`
                    : `${p.roundNumber ? `Round ${p.roundNumber}, ` : ''}${p.matchUpId}`;
                  return (
                    <li key={p.matchUpId} data-matchup={p.matchUpId}>
                      {game ? <a href={href.round(data.tournamentId, game.roundNumber)}>{where}</a> : where}:{' '}
                      {p.message}
                    </li>
                  );
                })}
            </ul>
          </section>
        ) : null}
        {selected ? (
          <RoundView round={selected} matchUps={matchUps.filter((m) => m.roundNumber === selected.roundNumber)} />
        ) : null}
      </div>
    </div>
  );
}

function RoundControls() {
  const { tournamentId, tournament, rounds, matchUps, participants } = useTournamentData();
  const [seed, setSeed] = useState('');
  const [force, setForce] = useState(false);
  const [status, run] = useAction();
  const [undoStatus, runUndo] = useAction();
  const next = (tournament?.currentRound ?? 0) + 1;
  const last = rounds.at(-1);
  const lastScored = last
    ? matchUps.some((m) => m.roundNumber === last.roundNumber && m.b !== null && m.result !== null)
    : false;
  // One request id per round the organizer means to pair: a retry after a lost answer is the same request, which
  // the callable answers with the round it already made; only a round made moves on to a new id.
  const requestId = useRef(newRequestId());
  // With check-in on, a round pairs only who checked in: the organizer is asked before anyone is left out.
  const leftOut = tournament?.joining?.checkIn ? notCheckedIn(participants, matchUps) : [];
  const generate = () =>
    void run(async () => {
      const generated = await actions.generateNextRound({
        tournamentId,
        requestId: requestId.current,
        force,
        ...(seed.trim() ? { seed: Number(seed) } : {}),
      });
      requestId.current = newRequestId();
      navigate(href.round(tournamentId, generated.roundNumber));
      return `round ${generated.roundNumber} paired: ${tables(generated.matchUps, generated.byes.length)}`;
    });
  const onGenerate = (event: FormEvent) => {
    event.preventDefault();
    generate();
  };
  return (
    <div className="stack">
      <form className="stack subtle" onSubmit={onGenerate} aria-labelledby="generate-title">
        <h3 id="generate-title">Round {next}</h3>
        <Field label="Seed (optional)" hint="the same seed pairs the same way">
          {(p) => <input {...p} type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} />}
        </Field>
        <label className="check">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Pair even though games
          are still open
        </label>
        {tournament?.totalRounds && next > tournament.totalRounds ? (
          <p className="note small">
            {playoffOf(tournament.system, tournament.pairing.options)
              ? `The tournament planned ${tournament.totalRounds} rounds: this one is in its playoff (see the Bracket).`
              : `The tournament planned ${tournament.totalRounds} rounds: this one is extra.`}
          </p>
        ) : null}
        {leftOut.length ? (
          <ConfirmButton
            label={`Generate round ${next}`}
            className="primary"
            disabled={status.state === 'pending'}
            question={
              <p className="not-checked-in">
                {leftOut.length === 1 ? '1 player has' : `${leftOut.length} players have`} not checked in and will not
                be paired in round {next}: {leftOut.map((p) => p.name).join(', ')}. Check them in under Participants
                first, or pair without them.
              </p>
            }
            confirmLabel={`Pair round ${next} without ${leftOut.length === 1 ? 'them' : `these ${leftOut.length}`}`}
            onConfirm={generate}
          />
        ) : (
          <button type="submit" className="primary" disabled={status.state === 'pending'}>
            Generate round {next}
          </button>
        )}
        <Status status={status} id="generate-status" />
      </form>
      {last ? (
        <div className="stack subtle">
          <ConfirmButton
            label={`Undo round ${last.roundNumber}`}
            disabled={lastScored || undoStatus.state === 'pending'}
            question={
              <p>
                Undo round {last.roundNumber}? Its {matchUps.filter((m) => m.roundNumber === last.roundNumber).length}{' '}
                pairings go
                {last.roundNumber > 1 ? ` and round ${last.roundNumber - 1} opens again` : ''}.
              </p>
            }
            confirmLabel={`Undo round ${last.roundNumber}`}
            onConfirm={() =>
              void runUndo(async () => {
                const { roundNumber } = await actions.undoLastRound({ tournamentId });
                navigate(href.tournament(tournamentId, 'rounds'));
                return `round ${roundNumber} undone`;
              })
            }
          />
          {lastScored ? <p className="muted small">Clear its scores first to undo it.</p> : null}
          <Status status={undoStatus} />
        </div>
      ) : null}
    </div>
  );
}

function RoundView({ round, matchUps }: { round: Round; matchUps: MatchUp[] }) {
  const { tournamentId, tournament, roles, nameOf, participant, standings, rounds } = useTournamentData();
  const [status, run] = useAction();
  const calls = useJudgeCalls();
  const byId = new Map(matchUps.map((m) => [m.matchUpId, m]));
  if (!tournament) return null;
  const open = round.status === 'OPEN';
  const scored = matchUps.filter((m) => m.result !== null).length;
  // A Go player is known by their rank (docs/go.md#ranks), anyone else by their rating.
  const rating = (id: string | null) => (id ? (participant(id)?.goRank ?? participant(id)?.rating) : undefined);
  // Go's standings count McMahon scores (docs/go.md#standings): the pairing is by them, so the desk shows them.
  const mms = standings.some((s) => s.mcMahonScore !== undefined);
  const points = new Map(standings.map((s) => [s.participantId, mms ? (s.mcMahonScore ?? 0) : s.matchPoints]));
  const pointsWord = mms
    ? 'MMS'
    : resultStyle(tournament.policy, tournament.pairing.method) === 'SINGLE_GAME'
      ? 'pts'
      : 'MP';
  // A playoff's players meet by their seed, not by the main stage's points, which the playoff leaves as they were.
  const seeding = frozenSeeding(round.roundNumber, rounds);
  const standingOf = (id: string) =>
    seeding ? `seed ${seeding.indexOf(id) + 1}` : `${points.get(id) ?? 0} ${pointsWord}`;
  const colours = colourNames(tournament.pairing, tournament.policy);
  const colourOf = (m: MatchUp, id: string) => {
    if (!colours || m.b === null) return null;
    const word = m.movesFirst === id ? colours.first : colours.second;
    return <span className={`colour ${m.movesFirst === id ? 'first' : 'second'} ${word.toLowerCase()}`}>{word}</span>;
  };
  const editable = roles.editor && open && tournament.status === 'RUNNING';
  const callsOpen = roundCloseWarning(calls, round.roundNumber, (id) => (byId.get(id)?.order ?? 0) + 1);
  const toggle = () =>
    void run(async () => {
      await setRoundStatus(tournamentId, round.roundNumber, open ? 'CLOSED' : 'OPEN');
      return open ? `round ${round.roundNumber} closed` : `round ${round.roundNumber} reopened for corrections`;
    });
  return (
    <section className="card" aria-labelledby="round-title" data-round={round.roundNumber} data-status={round.status}>
      <div className="row between wrap">
        <h2 id="round-title">
          Round {round.roundNumber} <span className="tag">{open ? 'open' : 'closed'}</span>
        </h2>
        <p className="muted small">
          {scored} of {matchUps.length} results · {METHOD_LABELS[round.method]} ·{' '}
          <span title="Generating with the same seed pairs this round the same way">pairing seed {round.seed}</span>
        </p>
        {roles.editor && tournament.status !== 'CLOSED' ? (
          <div className="stack">
            {open && callsOpen ? (
              // A judge is still wanted at a table: closing the round takes the organizer's word (docs/judging.md).
              <ConfirmButton
                label={`Close round ${round.roundNumber}`}
                question={
                  <p>
                    {callsOpen}. Close round {round.roundNumber} anyway?
                  </p>
                }
                confirmLabel={`Yes, close round ${round.roundNumber}`}
                disabled={status.state === 'pending'}
                onConfirm={toggle}
              />
            ) : (
              <button disabled={status.state === 'pending'} type="button" onClick={toggle}>
                {open ? `Close round ${round.roundNumber}` : `Reopen round ${round.roundNumber} for corrections`}
              </button>
            )}
            <Status status={status} />
          </div>
        ) : null}
      </div>
      {round.notes.length ? (
        <ul className="notes">
          {round.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {roles.editor && open && round.roundNumber === tournament.currentRound ? <JudgeDesk /> : null}
      {roles.editor && open && round.roundNumber === tournament.currentRound ? <NoShowDesk /> : null}
      <RoundEdits round={round} />
      {editable &&
      round.roundNumber === tournament.currentRound &&
      !matchUps.some((m) => m.b !== null && m.result !== null) ? (
        <PairingEditor round={round} matchUps={matchUps} />
      ) : null}
      <ol className="matchups" aria-label={`Pairings of round ${round.roundNumber}`}>
        {matchUps.map((m) => {
          const reasons = m.b === null ? byeReasons(m.cost) : pairReasons(m.cost);
          const soft = m.b === null ? '' : softCosts(m.cost);
          const handicap = m.b === null ? null : handicapText(m.cost);
          return (
            <li key={m.matchUpId} className="matchup" data-matchup={m.matchUpId} data-a={m.a} data-b={m.b ?? ''}>
              <span className="table-no" aria-label={`Table ${m.order + 1}`}>
                {m.order + 1}
              </span>
              <span className="side a">
                {colourOf(m, m.a)}
                <a href={href.participant(tournamentId, m.a)}>{nameOf(m.a)}</a>
                <span className="muted small">
                  {' '}
                  {rating(m.a) ?? ''} · {standingOf(m.a)}
                </span>
              </span>
              <span className="side b">
                {m.b === null ? (
                  <em>bye</em>
                ) : (
                  <>
                    {colourOf(m, m.b)}
                    <a href={href.participant(tournamentId, m.b)}>{nameOf(m.b)}</a>
                    <span className="muted small">
                      {' '}
                      {rating(m.b) ?? ''} · {standingOf(m.b)}
                    </span>
                    {handicap ? (
                      <span className="tag handicap" data-handicap>
                        {handicap}
                      </span>
                    ) : null}
                  </>
                )}
              </span>
              <span className="result">
                {editable ? (
                  <ScoreForm
                    tournamentId={tournamentId}
                    matchUp={m}
                    nameA={nameOf(m.a)}
                    nameB={nameOf(m.b)}
                    scoring={tournament.policy.scoringPolicy}
                    channel="callable"
                  />
                ) : (
                  <strong data-result-text>
                    {resultIn(resultStyle(tournament.policy, tournament.pairing.method), m.result, m, nameOf)}
                  </strong>
                )}
              </span>
              <span className="why" title={soft}>
                <span className="why-label">Why: </span>
                {reasons.join('; ')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
