/** The choices of a playoff (docs/playoff.md), one wording for the create form and the Organize tab. */
import { Field } from './ui';

const TOP_CUT_OPTIONS = (
  <>
    <option value="0">None</option>
    <option value="4">Top 4</option>
    <option value="8">Top 8</option>
    <option value="16">Top 16</option>
  </>
);

const FINALS_OPTIONS = (
  <>
    <option value="0">No final</option>
    <option value="1">A final for 1st and 2nd</option>
    <option value="2">Finals for 1st and 2nd, 3rd and 4th</option>
  </>
);

const FINAL_KIND_OPTIONS = (
  <>
    <option value="SINGLE">A single game</option>
    <option value="BEST_OF_THREE">Best of three games</option>
  </>
);

type PlayoffField = 'topCut' | 'finals' | 'finalKind';

interface Props {
  values: Record<PlayoffField, string>;
  set: (field: PlayoffField) => (event: { target: { value: string } }) => void;
  /** False where the system has no top cut (a knockout). */
  withTopCut: boolean;
  topCutHint?: string;
  /** The wording of "as the system does unless told", offered first when given (the create form's). */
  defaultFinals?: string;
}

/** The playoff's three choices, asked alike when a tournament is created and on its Organize tab. */
export function PlayoffChoices({ values, set, withTopCut, topCutHint, defaultFinals }: Props) {
  return (
    <div className="row wrap">
      {withTopCut ? (
        <Field label="Top cut" hint={topCutHint}>
          {(p) => (
            <select {...p} value={values.topCut} onChange={set('topCut')}>
              {TOP_CUT_OPTIONS}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Finals">
        {(p) => (
          <select {...p} value={values.finals} onChange={set('finals')}>
            {defaultFinals === undefined ? null : <option value="DEFAULT">{defaultFinals}</option>}
            {FINALS_OPTIONS}
          </select>
        )}
      </Field>
      <Field label="Each final">
        {(p) => (
          <select {...p} value={values.finalKind} onChange={set('finalKind')}>
            {FINAL_KIND_OPTIONS}
          </select>
        )}
      </Field>
    </div>
  );
}
