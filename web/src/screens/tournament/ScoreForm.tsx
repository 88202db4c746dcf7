/**
 * Entering, correcting and clearing one matchUp's result: game points, or an unplayed kind (forfeit, byes).
 * Organizers go through the recordScore callable, which checks the result with the engine and answers with its
 * reason; players and scorekeepers write the matchUp through the security rules (`updateDoc`), checked first by
 * the same engine function so a refusal still says why.
 */
import { type FormEvent, useState } from 'react';
import { Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { MatchUp } from '../../data/shapes';
import { writeReport, writeScore } from '../../data/writes';
import { sendScore } from '../../data/outbox';
import { Reports, reportWords, sideIn } from './Confirmation';
import {
  countsDrawnGames,
  type DecidedBy,
  enteredBy,
  type MatchUpResult,
  type MatchUpResultInput,
  type ResultKind,
  sameResult,
  scorerOf,
  type ScoringPolicy,
} from '@competition/engine';
import { useTournamentData } from './data';
import { BYE_KINDS, GAME_KINDS, KIND_LABELS, resultIn } from '../../lib/format';
import { ONE_GAME_RESULTS, type ResultStyle, resultStyle } from '@competition/engine/view';

export type ScoreChannel = 'callable' | 'rules';

interface Props {
  tournamentId: string;
  matchUp: MatchUp;
  nameA: string;
  nameB: string;
  scoring: ScoringPolicy;
  channel: ScoreChannel;
  /** Larger controls, one per line: the phone. */
  large?: boolean;
}

export function ScoreForm({ tournamentId, matchUp, nameA, nameB, scoring, channel, large = false }: Props) {
  const [status, run] = useAction();
  const { roles, tournament, nameOf } = useTournamentData();
  // Under confirmation a player reports their own side's score (docs/results.md#confirmation-by-the-opponent).
  const reporting =
    tournament?.confirmScores === true && !isByeOf(matchUp) ? sideIn(matchUp, roles.participantIds) : null;
  const stored = matchUp.result;
  const isBye = matchUp.b === null;
  const table = matchUp.order + 1;
  const style: ResultStyle = tournament ? resultStyle(tournament.policy, tournament.pairing.method) : 'GAME_POINTS';
  const words = (result: MatchUpResultInput) => resultIn(style, { kind: 'PLAYED', ...result }, matchUp);
  // The inputs restart from the stored result whenever it changes (another scorer, a correction); a player who
  // reported under confirmation sees their own report until a result counts, also after a reload.
  const key = JSON.stringify(stored);
  const own = reporting ? (matchUp.reports?.[reporting] ?? null) : null;
  const shown = stored ?? own;
  // "reported: …" speaks of the player's report: once another result counts (the organizer settled a dispute), it
  // is old news under boxes that show that result.
  const overruled = stored !== null && own !== null && !sameResult(stored, own);
  // A player writes only what was played, and never over what staff entered (docs/results.md#who-writes-a-result).
  const official = enteredBy(matchUp);
  const signer = scorerOf(roles, matchUp);
  const asPlayer = channel === 'rules' && (signer === 'SIDE_A' || signer === 'SIDE_B');
  const lockedFromPlayer = asPlayer && official !== null;
  // Under confirmation the reports above already say who entered the result. Without it, the player's own
  // "saved: …" is old news once the organizer's result replaced it.
  const enteredNote =
    lockedFromPlayer && tournament?.confirmScores !== true
      ? `Entered by ${official === 'SCOREKEEPER' ? 'a scorekeeper' : 'the organizer'}: only a scorekeeper or the organizer can change it.`
      : null;

  const save = (result: MatchUpResultInput | null) =>
    run(async () => {
      // An empty box is a missing number: say whose, and what to do, before any check speaks of the schema.
      const missing = [
        Number.isNaN(result?.score?.a) ? nameA : null,
        Number.isNaN(result?.score?.b) ? nameB : null,
      ].filter((name): name is string => name !== null);
      if (missing.length && style !== 'GAME_POINTS' && !isBye)
        throw new Error(`table ${table}: choose the result, then save again`);
      if (missing.length)
        throw new Error(`table ${table}: enter the game points of ${missing.join(' and of ')}, then save again`);
      if (channel === 'callable') {
        await actions.recordScore({ tournamentId, matchUpId: matchUp.matchUpId, result });
      } else {
        // The engine's own check, loaded with the first score (it brings the schema library).
        const { playerScoreRefusal, resolveResult } = await import('@competition/engine');
        if (result) resolveResult({ kind: 'PLAYED', ...result }, !isBye, scoring);
        const refusal = asPlayer && !reporting ? playerScoreRefusal(tournament ?? {}, matchUp, result) : null;
        if (refusal) throw new Error(`table ${table}: ${refusal}`);
        const write = reporting
          ? () => writeReport(tournamentId, matchUp, reporting, result && { kind: 'PLAYED', ...result })
          : () => writeScore(tournamentId, matchUp, result, roles);
        const sent = { tournamentId, matchUpId: matchUp.matchUpId, result, ...(reporting ? { side: reporting } : {}) };
        // Offline: kept on this device and sent later; the tournament screen says when it arrives (SentScores).
        if ((await sendScore(write, sent)) === 'queued') {
          const what = result ? words(result) : null;
          if (reporting)
            return what ? `kept on this phone: your report ${what}` : 'clearing your report kept on this phone';
          return what ? `kept on this phone: ${what}` : 'clear kept on this phone';
        }
      }
      if (reporting)
        return result
          ? `reported: ${reportWords({ kind: 'PLAYED', ...result }, matchUp, nameOf, reporting)}`
          : 'report cleared';
      return result ? `saved: ${words(result)}` : 'cleared';
    });

  return (
    <div
      className={`score-form ${large ? 'large' : ''}`}
      data-matchup={matchUp.matchUpId}
      data-result={key}
      data-sync={matchUp.sync}
    >
      <Reports game={matchUp} />
      {enteredNote && stored ? (
        <p className="entered-result">
          {stored.kind === 'PLAYED'
            ? `${nameA} ${resultIn(style, stored, matchUp)} ${nameB}`
            : resultIn(style, stored, matchUp, nameOf)}
        </p>
      ) : (
        <Inputs
          key={JSON.stringify(shown)}
          {...{ matchUp, shown, nameA, nameB, isBye, table, save, large }}
          clearable={!lockedFromPlayer}
          kinds={asPlayer ? 'PLAYED_ONLY' : 'ALL'}
          style={style}
          drawnGames={countsDrawnGames(scoring)}
        />
      )}
      {enteredNote ? <p className="entered-by muted small">{enteredNote}</p> : null}
      <Status status={(overruled || enteredNote) && status.state === 'ok' ? { state: 'idle' } : status} />
    </div>
  );
}

function Inputs({
  matchUp,
  shown,
  nameA,
  nameB,
  isBye,
  table,
  save,
  large,
  clearable,
  kinds: offered,
  style,
  drawnGames,
}: {
  matchUp: MatchUp;
  /** What the boxes start from: the stored result, else the player's own report. */
  shown: MatchUpResult | null;
  nameA: string;
  nameB: string;
  isBye: boolean;
  table: number;
  save: (result: MatchUpResultInput | null) => Promise<boolean>;
  large: boolean;
  /** False where this writer may not clear the stored result (a player, on one the organizer entered). */
  clearable: boolean;
  /** A player writes only what was played: forfeits and byes are staff's (docs/results.md#who-writes-a-result). */
  kinds: 'ALL' | 'PLAYED_ONLY';
  /** Game points to type, or one game's result to pick (chess, Go): docs/results.md#results-in-the-games-words. */
  style: ResultStyle;
  /** A match of a few games (a best of three): the drawn games get a box of their own. */
  drawnGames: boolean;
}) {
  const stored = matchUp.result;
  const [kind, setKind] = useState<ResultKind>(
    offered === 'PLAYED_ONLY' ? 'PLAYED' : (shown?.kind ?? (isBye ? 'PAIRING_BYE' : 'PLAYED')),
  );
  const [a, setA] = useState(shown?.score ? String(shown.score.a) : '');
  const [b, setB] = useState(shown?.score ? String(shown.score.b) : '');
  const [draws, setDraws] = useState(shown?.score?.draws ? String(shown.score.draws) : '');
  const [choice, setChoice] = useState(() => oneGameChoice(shown));
  const [decidedBy, setDecidedBy] = useState<DecidedBy | ''>(shown?.decidedBy ?? '');
  const played = kind === 'PLAYED';
  const picks = style !== 'GAME_POINTS' && !isBye;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!played) return void save({ kind });
    if (picks) {
      const picked = ONE_GAME_RESULTS[Number(choice)];
      if (!picked) return void save({ kind, score: { a: Number.NaN, b: Number.NaN } });
      const how = style === 'GO' && decidedBy && picked.winner !== 'draw' ? { decidedBy } : {};
      return void save({ kind, score: { ...picked.score }, ...how });
    }
    const games = (value: string) => (value === '' ? Number.NaN : Number(value));
    const drawn = drawnGames && draws !== '' && Number(draws) !== 0 ? { draws: Number(draws) } : {};
    void save({ kind, score: { a: games(a), b: games(b), ...drawn } });
  };
  const kinds = isBye ? BYE_KINDS : offered === 'PLAYED_ONLY' ? [] : GAME_KINDS;
  return (
    <form className="score-inputs" onSubmit={onSubmit} aria-label={`Result of table ${table}: ${nameA} v ${nameB}`}>
      {picks ? (
        <>
          <OneGameChoice {...{ style, matchUp, nameA, nameB, table, choice, setChoice, large }} disabled={!played} />
          {style === 'GO' ? (
            <HowItEnded
              table={table}
              value={decidedBy}
              onChange={setDecidedBy}
              large={large}
              disabled={!played || choice === '' || ONE_GAME_RESULTS[Number(choice)]?.winner === 'draw'}
            />
          ) : null}
        </>
      ) : isBye ? null : (
        <span className="points">
          <SidePoints side="a" name={nameA} value={a} onChange={setA} disabled={!played} large={large} />
          <span aria-hidden="true">–</span>
          <SidePoints side="b" name={nameB} value={b} onChange={setB} disabled={!played} large={large} />
          {drawnGames ? (
            <label className="side-points">
              {large ? <span className="who-plays">Drawn</span> : null}
              <input
                aria-label={`Drawn games, table ${table}`}
                type="number"
                inputMode="numeric"
                step={1}
                min={0}
                placeholder="0"
                value={draws}
                disabled={!played}
                onChange={(e) => setDraws(e.target.value)}
                name="draws"
              />
            </label>
          ) : null}
        </span>
      )}
      {kinds.length ? (
        <select
          aria-label={`Kind of result, table ${table}`}
          value={kind}
          onChange={(e) => setKind(e.target.value as ResultKind)}
          name="kind"
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {isBye
                ? KIND_LABELS[k]
                : k === 'FORFEIT_WIN'
                  ? `Forfeit: ${nameA} wins`
                  : k === 'FORFEIT_LOSS'
                    ? `Forfeit: ${nameB} wins`
                    : KIND_LABELS[k]}
            </option>
          ))}
        </select>
      ) : null}
      <span className="score-actions">
        <button type="submit" className={large ? 'primary' : ''} aria-label={`Save the result of table ${table}`}>
          Save
        </button>
        {stored && !isBye && clearable ? (
          <button
            type="button"
            className="quiet"
            onClick={() => void save(null)}
            aria-label={`Clear the result of table ${table}`}
          >
            Clear
          </button>
        ) : null}
      </span>
    </form>
  );
}

interface SidePointsProps {
  side: 'a' | 'b';
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The phone view names the player above the box. */
  large: boolean;
}

/** One side's game points. */
function SidePoints({ side, name, value, onChange, disabled, large }: SidePointsProps) {
  return (
    <label className="side-points">
      {large ? <span className="who-plays">{name}</span> : null}
      <input
        aria-label={`Game points of ${name}`}
        type="number"
        // Game points may be fractional (a chess draw is ½–½); the engine checks them against the policy.
        inputMode="decimal"
        step="any"
        min={0}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        name={side}
      />
    </label>
  );
}

const isByeOf = (matchUp: MatchUp) => matchUp.b === null;

/** The pick a stored result makes among ONE_GAME_RESULTS, as the select's value ('' for none). */
function oneGameChoice(shown: MatchUpResult | null): string {
  if (!shown || shown.kind !== 'PLAYED') return '';
  const { score, winner } = shown;
  const won = winner ?? (score ? (score.a > score.b ? 'a' : score.b > score.a ? 'b' : 'draw') : undefined);
  const index = ONE_GAME_RESULTS.findIndex((r) => r.winner === won);
  return index === -1 ? '' : String(index);
}

interface OneGameChoiceProps {
  style: ResultStyle;
  matchUp: MatchUp;
  nameA: string;
  nameB: string;
  table: number;
  choice: string;
  setChoice: (value: string) => void;
  disabled: boolean;
  large: boolean;
}

/** One game's result picked, in its game's words: 1–0, ½–½, 0–1 in chess; B+, W+, jigo in Go. */
function OneGameChoice({
  style,
  matchUp,
  nameA,
  nameB,
  table,
  choice,
  setChoice,
  disabled,
  large,
}: OneGameChoiceProps) {
  const label = (winner: 'a' | 'b' | 'draw', score: { a: number; b: number }) => {
    const words = resultIn(style, { kind: 'PLAYED', score }, matchUp);
    if (winner === 'draw') return style === 'GO' ? 'Jigo' : `${words} Draw`;
    return `${words} ${winner === 'a' ? nameA : nameB} wins`;
  };
  return (
    <label className={`one-game ${large ? 'large' : ''}`}>
      {large ? <span className="who-plays">Result</span> : null}
      <select
        aria-label={`Result of table ${table}`}
        value={choice}
        disabled={disabled}
        onChange={(e) => setChoice(e.target.value)}
        name="outcome"
      >
        <option value="">Choose the result</option>
        {ONE_GAME_RESULTS.map((r, index) => (
          <option key={r.winner} value={String(index)}>
            {label(r.winner, r.score)}
          </option>
        ))}
      </select>
    </label>
  );
}

const HOW_IT_ENDED: [DecidedBy | '', string][] = [
  ['', 'by counting'],
  ['RESIGNATION', 'by resignation'],
  ['TIME', 'on time'],
];

/** How a Go game was won (docs/results.md#how-a-game-was-won): counted, resigned or lost on time. */
function HowItEnded({
  table,
  value,
  onChange,
  disabled,
  large,
}: {
  table: number;
  value: DecidedBy | '';
  onChange: (value: DecidedBy | '') => void;
  disabled: boolean;
  large: boolean;
}) {
  return (
    <label className={`one-game ${large ? 'large' : ''}`}>
      {large ? <span className="who-plays">Won</span> : null}
      <select
        aria-label={`How it was won, table ${table}`}
        value={disabled ? '' : value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as DecidedBy | '')}
        name="decidedBy"
      >
        {HOW_IT_ENDED.map(([how, words]) => (
          <option key={how} value={how}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
