/**
 * A new tournament (docs/organisation.md): the system and pairing method, a policy preset (or a whole policy as
 * JSON) with its match-point table, game target and phantom score, and the recommended number of rounds for
 * the expected field (docs/pairing.md#rounds), and a McMahon tournament's settings (docs/go.md). Checked by the
 * callable's own schema and the engine's policy check, field by field, before it is sent.
 */
import { type FormEvent, useState } from 'react';
import { ClockFields } from '../components/ClockFields';
import { href, navigate } from '../app/route';
import { useSession } from '../app/session';
import { Field, Status, useAction } from '../components/ui';
import { actions } from '../data/actions';
import type { Club } from '../data/shapes';
import { watchMyClubs } from '../data/watchMine';
import { useLive } from '../data/hooks';
import { check, type FieldErrors } from '../lib/forms';
import {
  DomainError,
  METHODS_OF_SYSTEM,
  type PresetName,
  recommendedRounds,
  recommendedSchedule,
  resolvePolicy,
  type System,
} from '@competition/engine';
import { CreateTournamentInput } from '@competition/engine/schemas';
import { issuesInWords } from '@competition/engine/view';
import { PlayoffChoices } from '../components/PlayoffChoices';
import { METHOD_LABELS } from '../lib/format';
import { ScoringChoices, scoringFieldsOf } from '../components/ScoringChoices';
import { MCMAHON_FIELDS, McMahonChoices, mcMahonOptionsOf } from '../components/McMahonChoices';

const SYSTEMS: Record<System, string> = { SWISS: 'Swiss', KNOCKOUT: 'Knockout', ROUND_ROBIN: 'Round robin' };

const PRESETS: Record<PresetName, string> = {
  REDEMPTION: 'Swiss on match points, ties broken by points scored minus conceded',
  SWISS: 'Swiss with pressure: wins, Buchholz, Sonneborn-Berger',
  STANDARD: 'Standard DrawMatic: wins, per round',
  PRESSURE: 'Pressure DrawMatic: pressure rating',
  CHESS: 'Chess Swiss: FIDE colours, 1 / 0.5 / 0',
  TCG: 'Card game Swiss: best of three, 3 / 1 / 0, OMW%, GW%, OGW%',
  GO: 'Go McMahon: McMahon score, SOS, SOSOS, SODOS; handicaps as the McMahon settings say',
};

/** The preset's own scoring, as the engine resolves it (its defaults filled): a null game target shows empty. */
const presetScoring = (name: PresetName) => scoringFieldsOf(resolvePolicy(name).scoringPolicy);

const today = () => new Date().toISOString().slice(0, 10);
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
const numeric = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The Dutch system's colour of pairing number 1 in round 1 (docs/dutch.md): chosen, or drawn by lot here. */
function initialColourOf(choice: string): 'WHITE' | 'BLACK' {
  if (choice === 'WHITE' || choice === 'BLACK') return choice;
  return Math.random() < 0.5 ? 'WHITE' : 'BLACK';
}

export function CreateTournamentForm({ championshipId, clubIds }: { championshipId: string; clubIds: string[] }) {
  const { user } = useSession();
  const clubs = useLive<Club[]>(user ? `clubs:${user.uid}` : null, (onData, onError) =>
    watchMyClubs(user!.uid, onData, onError),
  );
  const [form, setForm] = useState({
    date: today(),
    description: '',
    hostClubId: '',
    location: '',
    socialUrl: '',
    system: 'SWISS' as System,
    method: 'SWISS',
    methodOptions: '',
    initialColour: 'LOT',
    preset: 'REDEMPTION' as PresetName | 'CUSTOM',
    customPolicy: '',
    totalRounds: '',
    topCut: '0',
    finals: 'DEFAULT',
    finalKind: 'SINGLE',
    expectedPlayers: '16',
    roundDurationMinutes: '30',
    preAlarmMinutes: '5',
    ...MCMAHON_FIELDS,
    ...presetScoring('REDEMPTION'),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, run] = useAction();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm({ ...form, [field]: event.target.value });
    // A message stays only until its field is edited.
    if (errors[field])
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => key !== field)));
  };
  // The same table the rounds page advises from (docs/pairing.md#rounds): the preset's, the MTR's for the card games.
  const advice =
    form.preset === 'CUSTOM'
      ? recommendedRounds(Number(form.expectedPlayers))
      : recommendedSchedule(resolvePolicy(form.preset), Number(form.expectedPlayers));
  // The recommended number of rounds (docs/pairing.md#rounds) is the value until the organizer types another
  // (an empty field: none).
  const [roundsEdited, setRoundsEdited] = useState(false);
  const recommended = advice.rounds && form.system === 'SWISS' ? String(advice.rounds) : '';
  const totalRounds = roundsEdited ? form.totalRounds : recommended;
  const clubName = new Map((clubs.data ?? []).map((c) => [c.clubId, c.name]));
  const hostChoices = [...new Set([...clubIds, ...(clubs.data ?? []).map((c) => c.clubId)])];

  // Go's preset and the McMahon method go together (docs/go.md#on-the-dashboard): choosing one offers the other.
  const onPreset = (preset: PresetName | 'CUSTOM') =>
    setForm({
      ...form,
      preset,
      ...(preset === 'CUSTOM' ? {} : presetScoring(preset)),
      ...(preset === 'GO' && form.system === 'SWISS' ? { method: 'MCMAHON' } : {}),
    });
  const onMethod = (method: string) =>
    setForm({
      ...form,
      method,
      ...(method === 'MCMAHON' && form.preset !== 'CUSTOM' ? { preset: 'GO' as const, ...presetScoring('GO') } : {}),
    });
  const onSystem = (system: System) => setForm({ ...form, system, method: METHODS_OF_SYSTEM[system][0]! });

  function build(): { input?: unknown; errors: FieldErrors } {
    const errors: FieldErrors = {};
    const parseJson = (field: string, text: string) => {
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        errors[field] = `not valid JSON: ${(error as Error).message}`;
        return undefined;
      }
    };
    const options = {
      ...(parseJson('methodOptions', form.methodOptions) ?? {}),
      ...playoffOptions(form),
      ...(form.method === 'DUTCH' ? { initialColour: initialColourOf(form.initialColour) } : {}),
    };
    const policy = form.preset === 'CUSTOM' ? parseJson('customPolicy', form.customPolicy) : form.preset;
    if (form.preset === 'CUSTOM' && policy === undefined && !errors.customPolicy)
      errors.customPolicy = 'paste a whole competition policy, as JSON';
    // McMahon's settings live in the policy, where the pairing and the McMahon standings both read them.
    const mcMahon = form.method === 'MCMAHON' ? mcMahonOptionsOf(form) : null;
    if (mcMahon) Object.assign(errors, mcMahon.errors);
    const policyOverrides = {
      ...(mcMahon?.options ? { pairingPolicy: { mcMahon: mcMahon.options } } : {}),
      scoringPolicy: {
        gameTarget: numeric(form.gameTarget) ?? null,
        phantomScore: numeric(form.phantomScore) ?? 0,
        matchPoints: {
          win: numeric(form.win),
          timedWin: numeric(form.timedWin),
          draw: numeric(form.draw),
          loss: numeric(form.loss),
        },
      },
    };
    const input = {
      championshipId,
      date: form.date,
      description: form.description,
      hostClubId: optional(form.hostClubId),
      location: optional(form.location),
      socialUrl: optional(form.socialUrl),
      system: form.system,
      pairing: { method: form.method, options },
      policy,
      policyOverrides,
      totalRounds: numeric(totalRounds),
      roundDurationMinutes: numeric(form.roundDurationMinutes) ?? 0,
      preAlarmMinutes: numeric(form.preAlarmMinutes) ?? 0,
    };
    const checked = check(CreateTournamentInput, input);
    if (!checked.ok) Object.assign(errors, checked.errors);
    if (!errors.policy && !errors.customPolicy && policy !== undefined) {
      // The engine's own policy check, with every field at fault named.
      try {
        resolvePolicy(policy, policyOverrides);
      } catch (error) {
        // Named as the form names its boxes ("match points for a win"), not by the policy's schema path.
        errors.policyOverrides =
          error instanceof DomainError && error.issues ? issuesInWords(error.issues) : (error as Error).message;
      }
    }
    return Object.keys(errors).length ? { errors } : { input: checked.ok ? checked.data : input, errors };
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const built = build();
    setErrors(built.errors);
    if (!built.input) return;
    void run(async () => {
      const { tournamentId } = await actions.createTournament(
        built.input as Parameters<typeof actions.createTournament>[0],
      );
      navigate(href.tournament(tournamentId, 'participants'));
    });
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <div className="row wrap">
        <Field label="Date" error={errors.date}>
          {(p) => <input {...p} type="date" value={form.date} onChange={set('date')} />}
        </Field>
        <Field label="Description" error={errors.description} className="grow">
          {(p) => <input {...p} value={form.description} onChange={set('description')} placeholder="Saturday open" />}
        </Field>
      </div>
      <div className="row wrap">
        <Field label="Hosted by" error={errors.hostClubId}>
          {(p) => (
            <select {...p} value={form.hostClubId} onChange={set('hostClubId')}>
              <option value="">(the organizing club)</option>
              {hostChoices.map((id) => (
                <option key={id} value={id}>
                  {clubName.get(id) ?? id}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Location" error={errors.location}>
          {(p) => <input {...p} value={form.location} onChange={set('location')} />}
        </Field>
        <Field label="Social site (URL)" error={errors.socialUrl}>
          {(p) => <input {...p} type="url" value={form.socialUrl} onChange={set('socialUrl')} placeholder="https://" />}
        </Field>
      </div>
      <div className="row wrap">
        <Field label="System" error={errors.system}>
          {(p) => (
            <select {...p} value={form.system} onChange={(e) => onSystem(e.target.value as System)}>
              {Object.entries(SYSTEMS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Pairing method" error={errors.pairing}>
          {(p) => (
            <select {...p} value={form.method} onChange={(e) => onMethod(e.target.value)}>
              {METHODS_OF_SYSTEM[form.system].map((value) => (
                <option key={value} value={value}>
                  {METHOD_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.method === 'DUTCH' ? (
          <Field label="Colour of pairing number 1 in round 1" hint="FIDE's Dutch system draws it by lot">
            {(p) => (
              <select {...p} value={form.initialColour} onChange={set('initialColour')}>
                <option value="LOT">drawn by lot now</option>
                <option value="WHITE">White</option>
                <option value="BLACK">Black</option>
              </select>
            )}
          </Field>
        ) : null}
        <Field
          label="Advanced pairing options (optional, as JSON)"
          error={errors.methodOptions}
          className="grow"
          hint='e.g. {"laneSize": 4} or {"acceleration": "BAKU"}'
        >
          {(p) => <input {...p} value={form.methodOptions} onChange={set('methodOptions')} />}
        </Field>
      </div>
      {form.method === 'MCMAHON' ? <McMahonChoices values={form} errors={errors} set={set} /> : null}
      <fieldset>
        <legend>Finals{form.system === 'KNOCKOUT' ? '' : ' and top cut'}</legend>
        <PlayoffChoices
          values={form}
          set={set}
          withTopCut={form.system !== 'KNOCKOUT'}
          topCutHint="single elimination after the last round, seeded by the standings"
          defaultFinals={form.system === 'KNOCKOUT' || form.topCut !== '0' ? 'A final (default)' : 'None (default)'}
        />
      </fieldset>
      <Field label="Competition policy" error={errors.policy}>
        {(p) => (
          <select {...p} value={form.preset} onChange={(e) => onPreset(e.target.value as PresetName | 'CUSTOM')}>
            {Object.entries(PRESETS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
            <option value="CUSTOM">Custom policy (JSON)</option>
          </select>
        )}
      </Field>
      {form.preset === 'CUSTOM' ? (
        <Field label="Custom competition policy (JSON)" error={errors.customPolicy}>
          {(p) => <textarea {...p} rows={6} value={form.customPolicy} onChange={set('customPolicy')} />}
        </Field>
      ) : null}
      <fieldset>
        <legend>Scoring</legend>
        <ScoringChoices values={form} set={set} />
        {errors.policyOverrides ? <p className="field-error">{errors.policyOverrides}</p> : null}
      </fieldset>
      <div className="row wrap">
        <Field
          label="Rounds"
          error={errors.totalRounds}
          hint={
            advice.rounds && form.system === 'SWISS'
              ? `recommended for ${form.expectedPlayers} players: ${advice.rounds}`
              : undefined
          }
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              value={totalRounds}
              onChange={(event) => {
                setRoundsEdited(true);
                set('totalRounds')(event);
              }}
            />
          )}
        </Field>
        <Field label="Expected players">
          {(p) => <input {...p} type="number" min={2} value={form.expectedPlayers} onChange={set('expectedPlayers')} />}
        </Field>
        <ClockFields values={form} errors={errors} set={set} />
      </div>
      <button disabled={status.state === 'pending'} type="submit" className="primary">
        Create tournament
      </button>
      <Status status={status} />
    </form>
  );
}

/** The finals and top cut fields as the engine's pairing options (docs/playoff.md); defaults are left out. */
function playoffOptions(form: { system: System; topCut: string; finals: string; finalKind: string }) {
  const topCut = form.system === 'KNOCKOUT' ? 0 : Number(form.topCut);
  return {
    ...(topCut > 0 ? { topCut } : {}),
    ...(form.finals === 'DEFAULT' ? {} : { finals: Number(form.finals) }),
    ...(form.finalKind === 'BEST_OF_THREE' ? { finalKind: 'BEST_OF_THREE' } : {}),
  };
}
