import type { FieldErrors } from '../lib/forms';
import { Field } from './ui';

type ClockField = 'roundDurationMinutes' | 'preAlarmMinutes';

interface Props {
  values: Record<ClockField, string>;
  errors: FieldErrors;
  set: (field: ClockField) => (event: { target: { value: string } }) => void;
}

/** The round clock's two settings (docs/organisation.md), asked alike when a tournament is created and edited. */
export function ClockFields({ values, errors, set }: Props) {
  return (
    <>
      <Field label="Round duration (minutes, 0 = no clock)" error={errors.roundDurationMinutes}>
        {(p) => (
          <input
            {...p}
            type="number"
            min={0}
            value={values.roundDurationMinutes}
            onChange={set('roundDurationMinutes')}
          />
        )}
      </Field>
      <Field label="Pre-alarm (minutes)" error={errors.preAlarmMinutes}>
        {(p) => <input {...p} type="number" min={0} value={values.preAlarmMinutes} onChange={set('preAlarmMinutes')} />}
      </Field>
    </>
  );
}
