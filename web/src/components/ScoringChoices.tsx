/**
 * The scoring's six numbers (docs/organisation.md#correcting-the-setup), one wording for the create form and the
 * Organize tab: the game's target and the match points, as the text the inputs hold.
 */
import { Field } from './ui';

type ScoringField = 'gameTarget' | 'win' | 'timedWin' | 'draw' | 'loss' | 'phantomScore';

/** A scoring policy as the inputs show it: a null game target (any lead wins) shows empty. */
export function scoringFieldsOf(scoring: {
  gameTarget: number | null;
  matchPoints: { win: number; timedWin: number; draw: number; loss: number };
  phantomScore: number;
}): Record<ScoringField, string> {
  const { gameTarget, matchPoints, phantomScore } = scoring;
  return {
    gameTarget: gameTarget === null ? '' : String(gameTarget),
    win: String(matchPoints.win),
    timedWin: String(matchPoints.timedWin),
    draw: String(matchPoints.draw),
    loss: String(matchPoints.loss),
    phantomScore: String(phantomScore),
  };
}

const FIELDS: [ScoringField, string, step: string, hint?: string][] = [
  ['gameTarget', 'Game to (points)', '1', 'empty: any lead wins'],
  ['win', 'Match points: win', '0.5'],
  ['timedWin', 'Timed win', '0.5'],
  ['draw', 'Draw', '0.5'],
  ['loss', 'Loss', '0.5'],
  ['phantomScore', 'Phantom score (pairing bye)', '1'],
];

interface Props {
  values: Record<ScoringField, string>;
  set: (field: ScoringField) => (event: { target: { value: string } }) => void;
  /** Shown, not changed (round 1 is paired). */
  disabled?: boolean;
}

/** The scoring's inputs in a row, asked alike when a tournament is created and on its Organize tab. */
export function ScoringChoices({ values, set, disabled = false }: Props) {
  return (
    <div className="row wrap">
      {FIELDS.map(([field, label, step, hint]) => (
        <Field key={field} label={label} {...(hint ? { hint } : {})}>
          {(p) => (
            <input
              {...p}
              type="number"
              step={step}
              min={field === 'gameTarget' ? 1 : 0}
              value={values[field]}
              onChange={set(field)}
              disabled={disabled}
            />
          )}
        </Field>
      ))}
    </div>
  );
}
