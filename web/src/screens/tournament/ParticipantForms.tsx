/**
 * The organizer's entry forms: participants pasted as CSV, or one at a time (also late entries); a chess player's
 * details (docs/trf.md#the-players-fields), which self-registration asks with the same fields; and a Go player's rank
 * (docs/go.md#ranks) when the tournament pairs by McMahon.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { COLUMN_WORDS, CSV_COLUMNS, nextIds, parseParticipantsCsv } from '../../lib/csv';
import { type FieldErrors, check } from '../../lib/forms';
import { CHESS_DETAILS, FIDE_TITLES } from '@competition/engine';
import { NewParticipant } from '@competition/engine/schemas';
import { useTournamentData } from './data';

const participantsWord = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;
const addLabel = (n: number | null) => (n === null ? 'Add participants' : `Add ${participantsWord(n)}`);

/** The chess details as typed, each blank when not given. */
export const NO_CHESS_DETAILS: Record<(typeof CHESS_DETAILS)[number], string> = {
  fideId: '',
  title: '',
  federation: '',
  sex: '',
  birthYear: '',
};
export type ChessForm = typeof NO_CHESS_DETAILS;

/** The typed details as the schema takes them: blanks left out, the federation in capitals; the schema judges. */
export function chessEntry(form: ChessForm) {
  const fideId = form.fideId.trim();
  const federation = form.federation.trim().toUpperCase();
  const birthYear = form.birthYear.trim();
  return {
    ...(fideId ? { fideId } : {}),
    ...(form.title ? { title: form.title } : {}),
    ...(federation ? { federation } : {}),
    ...(form.sex ? { sex: form.sex } : {}),
    ...(birthYear ? { birthYear: Number(birthYear) } : {}),
  };
}

export const hasChessError = (errors: FieldErrors) => CHESS_DETAILS.some((field) => errors[field]);

/** The five fields, for the organizer's entry and the player's registration (`labelled` turns words into a label). */
export function ChessFields({
  form,
  onChange,
  errors,
  labelled = (words) => words[0]!.toUpperCase() + words.slice(1),
  className = 'row wrap',
}: {
  form: ChessForm;
  onChange: (form: ChessForm) => void;
  errors: FieldErrors;
  labelled?: (words: string) => string;
  /** One under the other on a player's phone; side by side on the organizer's desk. */
  className?: string;
}): ReactNode {
  const set = (field: keyof ChessForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [field]: e.target.value });
  const label = (field: keyof ChessForm) => labelled(COLUMN_WORDS[field]);
  return (
    <div className={className}>
      <Field label={label('fideId')} error={errors.fideId}>
        {(p) => <input {...p} value={form.fideId} onChange={set('fideId')} inputMode="numeric" maxLength={11} />}
      </Field>
      <Field label={label('title')} error={errors.title}>
        {(p) => (
          <select {...p} value={form.title} onChange={set('title')}>
            <option value="">none</option>
            {FIDE_TITLES.map((title) => (
              <option key={title}>{title}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${label('federation')} (3 letters)`} error={errors.federation}>
        {(p) => (
          <input
            {...p}
            value={form.federation}
            onChange={set('federation')}
            maxLength={3}
            autoCapitalize="characters"
            size={5}
          />
        )}
      </Field>
      <Field label={label('sex')} error={errors.sex}>
        {(p) => (
          <select {...p} value={form.sex} onChange={set('sex')}>
            <option value="">not given</option>
            <option value="m">man</option>
            <option value="w">woman</option>
          </select>
        )}
      </Field>
      <Field label={label('birthYear')} error={errors.birthYear}>
        {(p) => (
          <input {...p} value={form.birthYear} onChange={set('birthYear')} inputMode="numeric" maxLength={4} size={6} />
        )}
      </Field>
    </div>
  );
}

export function ParticipantForms() {
  return (
    <>
      <PasteCsv />
      <AddOne />
    </>
  );
}

const PASTE_LABEL =
  `One per line: ${CSV_COLUMNS.filter((c) => !(CHESS_DETAILS as readonly string[]).includes(c)).join(', ')}; ` +
  `for chess, then ${CHESS_DETAILS.map((c) => COLUMN_WORDS[c]).join(', ')}`;
/** A Go list writes the rank in the rating's place, or under a header (docs/organisation.md#entering-players). */
const GO_PASTE_LABEL = 'One per line: name, rank (5k, 1d…), club, country; or any columns under a header line';

function PasteCsv() {
  const { tournamentId, participants, tournament } = useTournamentData();
  const go = tournament?.pairing.method === 'MCMAHON';
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
        label={go ? GO_PASTE_LABEL : PASTE_LABEL}
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

const NO_ENTRY = { name: '', rating: '', club: '', country: '', goRank: '' };

function AddOne() {
  const { tournamentId, participants, tournament } = useTournamentData();
  // A Go tournament asks each player's rank, from which the McMahon pairing starts them (docs/go.md).
  const go = tournament?.pairing.method === 'MCMAHON';
  const [form, setForm] = useState(NO_ENTRY);
  const [chess, setChess] = useState(NO_CHESS_DETAILS);
  // Closed at first, so a card-game or carrom organizer never reads about FIDE; opened to show a refusal inside.
  const [chessOpen, setChessOpen] = useState(false);
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
      ...(form.goRank.trim() ? { goRank: form.goRank.trim() } : {}),
      ...chessEntry(chess),
    };
    const checked = check(NewParticipant, entry);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      if (hasChessError(checked.errors)) setChessOpen(true);
      return;
    }
    void run(async () => {
      await actions.addParticipants({ tournamentId, participants: [checked.data] });
      setForm(NO_ENTRY);
      setChess(NO_CHESS_DETAILS);
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
        {go ? (
          <Field label="Go rank" error={errors.goRank} hint="5k, 1d, 3p…">
            {(p) => <input {...p} value={form.goRank} onChange={set('goRank')} size={6} maxLength={12} />}
          </Field>
        ) : null}
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
      {go ? null : (
        <details
          className="chess-details"
          open={chessOpen}
          onToggle={(e) => setChessOpen((e.target as HTMLDetailsElement).open)}
        >
          <summary>Chess details</summary>
          <ChessFields
            form={chess}
            errors={errors}
            onChange={(next) => {
              if (status.state === 'error') forget();
              setChess(next);
            }}
          />
        </details>
      )}
      <button type="submit" disabled={status.state === 'pending'}>
        Add participant
      </button>
      <Status status={status} />
    </form>
  );
}
