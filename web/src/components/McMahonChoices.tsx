/**
 * A McMahon tournament's settings as the organizer sets them when creating it (docs/go.md#mcmahon-scores): the bar
 * and the floor, the komi of an even game, and whether games get a handicap (with its correction and ceiling,
 * docs/go.md#handicap). They go into the policy's `pairingPolicy.mcMahon`, which the pairing and the standings read.
 */
import { MCMAHON_DEFAULTS, McMahonOptions } from '@competition/engine';
import type { FieldErrors } from '../lib/forms';
import { Field } from './ui';

/** The inputs' text, OpenGotha's defaults filled; handicap games are off by default, as the product's GO preset. */
export const MCMAHON_FIELDS = {
  mcMahonBar: MCMAHON_DEFAULTS.bar as string,
  mcMahonFloor: MCMAHON_DEFAULTS.floor as string,
  mcMahonKomi: String(MCMAHON_DEFAULTS.komi),
  handicapGames: 'OFF' as 'ON' | 'OFF',
  handicapCorrection: '1',
  handicapCeiling: '9',
};
type McMahonForm = typeof MCMAHON_FIELDS;
type McMahonField = keyof McMahonForm;

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The settings as the policy takes them, checked with the engine's own schema: each refusal keyed by the input it
 * came from, so it shows under that input.
 */
export function mcMahonOptionsOf(form: McMahonForm): { options?: McMahonOptions; errors: FieldErrors } {
  const input = {
    bar: form.mcMahonBar.trim() || undefined,
    floor: form.mcMahonFloor.trim() || undefined,
    komi: number(form.mcMahonKomi),
    ...(form.handicapGames === 'ON'
      ? { handicap: { correction: number(form.handicapCorrection), ceiling: number(form.handicapCeiling) } }
      : {}),
  };
  const parsed = McMahonOptions.safeParse(JSON.parse(JSON.stringify(input)));
  if (parsed.success) return { options: parsed.data, errors: {} };
  const inputOf: Record<string, McMahonField> = {
    bar: 'mcMahonBar',
    floor: 'mcMahonFloor',
    komi: 'mcMahonKomi',
    correction: 'handicapCorrection',
    ceiling: 'handicapCeiling',
  };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = inputOf[String(issue.path.at(-1))] ?? 'mcMahonBar';
    errors[field] = issue.message;
  }
  return { errors };
}

interface Props {
  values: McMahonForm;
  errors: FieldErrors;
  set: (field: McMahonField) => (event: { target: { value: string } }) => void;
}

export function McMahonChoices({ values, errors, set }: Props) {
  const handicaps = values.handicapGames === 'ON';
  return (
    <fieldset aria-label="McMahon settings">
      <legend>McMahon</legend>
      <div className="row wrap">
        <Field label="Bar" error={errors.mcMahonBar} hint="at or above it, everyone starts equal">
          {(p) => <input {...p} value={values.mcMahonBar} onChange={set('mcMahonBar')} size={6} maxLength={12} />}
        </Field>
        <Field label="Floor" error={errors.mcMahonFloor} hint="at or below it, everyone starts equal">
          {(p) => <input {...p} value={values.mcMahonFloor} onChange={set('mcMahonFloor')} size={6} maxLength={12} />}
        </Field>
        <Field label="Komi (even games)" error={errors.mcMahonKomi}>
          {(p) => <input {...p} type="number" step="0.5" value={values.mcMahonKomi} onChange={set('mcMahonKomi')} />}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={handicaps}
            onChange={(e) => set('handicapGames')({ target: { value: e.target.checked ? 'ON' : 'OFF' } })}
          />{' '}
          Handicap games
        </label>
        {handicaps ? (
          <>
            <StonesField
              label="Handicap correction"
              hint="stones taken off the rank difference"
              field="handicapCorrection"
              {...{ values, errors, set }}
            />
            <StonesField
              label="Most stones"
              hint="the handicap's ceiling"
              field="handicapCeiling"
              {...{ values, errors, set }}
            />
          </>
        ) : null}
      </div>
    </fieldset>
  );
}

/** A number of stones, 0 to 9: the handicap's correction or its ceiling. */
function StonesField({
  label,
  hint,
  field,
  values,
  errors,
  set,
}: Props & { label: string; hint: string; field: 'handicapCorrection' | 'handicapCeiling' }) {
  return (
    <Field label={label} error={errors[field]} hint={hint}>
      {(p) => <input {...p} type="number" min={0} max={9} value={values[field]} onChange={set(field)} />}
    </Field>
  );
}
