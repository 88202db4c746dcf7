/** The organizer's entry forms: participants pasted as CSV, or one at a time (also late entries). */
import { type FormEvent, useState } from 'react';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { CSV_COLUMNS, nextIds, parseParticipantsCsv } from '../../lib/csv';
import { type FieldErrors, check } from '../../lib/forms';
import { NewParticipant } from '@competition/engine/schemas';
import { useTournamentData } from './data';

const participantsWord = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;
const addLabel = (n: number | null) => (n === null ? 'Add participants' : `Add ${participantsWord(n)}`);

export function ParticipantForms() {
  return (
    <>
      <PasteCsv />
      <AddOne />
    </>
  );
}

function PasteCsv() {
  const { tournamentId, participants } = useTournamentData();
  const [text, setText] = useState('');
  const [status, run] = useAction();
  const parsed = text.trim() ? parseParticipantsCsv(text, participants, navigator.language) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed || parsed.errors.length || parsed.participants.length === 0) return;
    void run(async () => {
      const { added, enteredRound } = await actions.addParticipants({
        tournamentId,
        participants: parsed.participants,
      });
      setText('');
      return `${participantsWord(added)} added${enteredRound > 1 ? `, paired from round ${enteredRound}` : ''}`;
    });
  };
  return (
    <form className="card stack" onSubmit={onSubmit} aria-labelledby="csv-title">
      <h2 id="csv-title">Paste participants (CSV)</h2>
      <Field
        label={`One per line: ${CSV_COLUMNS.join(', ')}`}
        hint="a header line is optional; commas, semicolons or tabs; players link their own accounts with their claim codes"
      >
        {(p) => <textarea {...p} rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />}
      </Field>
      {parsed ? (
        <p className={parsed.errors.length ? 'field-error' : 'muted'} aria-live="polite" id="csv-preview">
          {parsed.errors.length ? parsed.errors.join(' · ') : `${participantsWord(parsed.participants.length)} ready`}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={status.state === 'pending' || !parsed || parsed.errors.length > 0 || parsed.participants.length === 0}
      >
        {addLabel(parsed && !parsed.errors.length ? parsed.participants.length : null)}
      </button>
      <Status status={status} id="csv-status" />
    </form>
  );
}

function AddOne() {
  const { tournamentId, participants } = useTournamentData();
  const [form, setForm] = useState({ name: '', rating: '', club: '', country: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, run, forget] = useAction();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    if (status.state === 'error') forget();
    setForm({ ...form, [field]: e.target.value });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [participantId] = nextIds(
      participants.map((p) => p.participantId),
      1,
    );
    const entry = {
      participantId,
      name: form.name,
      ...(form.rating.trim() ? { rating: Number(form.rating) } : {}),
      ...(form.club.trim() ? { club: form.club.trim() } : {}),
      ...(form.country.trim() ? { country: form.country.trim() } : {}),
    };
    const checked = check(NewParticipant, entry);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    void run(async () => {
      await actions.addParticipants({ tournamentId, participants: [checked.data] });
      setForm({ name: '', rating: '', club: '', country: '' });
      return `${entry.name} added`;
    });
  };
  return (
    <form className="card stack" onSubmit={onSubmit} aria-labelledby="add-one-title">
      <h2 id="add-one-title">Add one participant</h2>
      <div className="row wrap">
        <Field label="Name" error={errors.name}>
          {(p) => <input {...p} value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="Rating" error={errors.rating}>
          {(p) => <input {...p} type="number" value={form.rating} onChange={set('rating')} />}
        </Field>
        <Field label="Club" error={errors.club}>
          {(p) => <input {...p} value={form.club} onChange={set('club')} />}
        </Field>
        <Field label="Country" error={errors.country}>
          {(p) => <input {...p} value={form.country} onChange={set('country')} />}
        </Field>
      </div>
      <button type="submit" disabled={status.state === 'pending'}>
        Add participant
      </button>
      <Status status={status} />
    </form>
  );
}
