/**
 * The organizer's desk: the tournament's details (location, social site, round clock), who keeps score, the
 * tournament's files (the whole tournament as JSON, importable; the standings as CSV), and closing the tournament.
 */
import { ConfirmScoresSwitch } from './Confirmation';
import { CutOutlookSwitch } from './CutOutlook';
import { ByeRulesForm } from './ByeRequests';
import { TableCheckInForm } from './TableCheckIn';
import { DeckListSettingsForm, DeckListsDesk } from './DeckLists';
import { type FormEvent, useState } from 'react';
import { ClockFields } from '../../components/ClockFields';
import { ConfirmButton } from '../../components/Confirm';
import { ErrorNote, Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import type { Tournament } from '../../data/shapes';
import { type TournamentPerson, watchTournamentPeople } from '../../data/watchStaff';
import { Invitations } from '../../components/Invitations';
import { nameOf } from '../../lib/people';
import { updateTournamentDetails } from '../../data/writes';
import { useLive } from '../../data/hooks';
import { type FieldErrors, check } from '../../lib/forms';
import { unscoredGames } from '@competition/engine';
import { resultStyle } from '@competition/engine/view';
import { useTournamentData } from './data';
import { JoinDesk } from './JoinDesk';
import { DeleteTournament, Scoring } from './SetupCorrections';
import { RegistrationDesk } from './RegistrationDesk';
import { PlayoffForm } from './PlayoffForm';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const detailsOf = (t: Tournament) => ({
  location: t.location ?? '',
  socialUrl: t.socialUrl ?? '',
  roundDurationMinutes: String(t.roundDurationMinutes),
  preAlarmMinutes: String(t.preAlarmMinutes),
});

/**
 * The fields the rules let an editor change. The date and the description name the tournament in its
 * championship (one tournament per date: docs/organisation.md#tournament-key), so they stay as created.
 */
function Details({ tournament }: { tournament: Tournament }) {
  const { tournamentId } = useTournamentData();
  const action = useAction();
  // The inputs restart from the stored values whenever they change (another editor, a save); the status stays.
  const stored = detailsOf(tournament);
  return <DetailsForm key={JSON.stringify(stored)} {...{ tournamentId, tournament, action }} />;
}

const DETAIL_LABELS: Record<string, string> = {
  location: 'location',
  socialUrl: 'social site',
  roundDurationMinutes: 'round duration',
  preAlarmMinutes: 'pre-alarm',
};

function DetailsForm({
  tournamentId,
  tournament,
  action: [status, run],
}: {
  tournamentId: string;
  tournament: Tournament;
  action: ReturnType<typeof useAction>;
}) {
  const [form, setForm] = useState(() => detailsOf(tournament));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { TournamentDetailsInput } = await import('../../lib/tournamentDetails');
      const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
      const minutes = (value: string) => (value.trim() === '' ? 0 : Number(value));
      const checked = check(TournamentDetailsInput, {
        location: text(form.location),
        socialUrl: text(form.socialUrl),
        roundDurationMinutes: minutes(form.roundDurationMinutes),
        preAlarmMinutes: minutes(form.preAlarmMinutes),
      });
      setErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) {
        const named = Object.entries(checked.errors).map(([field, message]) => `${DETAIL_LABELS[field]}: ${message}`);
        throw new Error(`nothing saved; ${named.join('; ')}`);
      }
      await updateTournamentDetails(tournamentId, checked.data);
      return 'details saved';
    });
  };
  return (
    <section className="card stack" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <p className="muted small">
        {tournament.date} · {tournament.description}: the date and the description name the tournament in its
        championship, so they stay as created.
      </p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="row wrap">
          <Field label="Location" error={errors.location} className="grow">
            {(p) => <input {...p} value={form.location} onChange={set('location')} />}
          </Field>
          <Field label="Social site (URL)" error={errors.socialUrl} className="grow">
            {(p) => (
              <input {...p} type="url" value={form.socialUrl} onChange={set('socialUrl')} placeholder="https://" />
            )}
          </Field>
        </div>
        <div className="row wrap">
          <ClockFields values={form} errors={errors} set={set} />
        </div>
        <button type="submit" disabled={status.state === 'pending'}>
          Save details
        </button>
        <Status status={status} id="details-status" />
      </form>
    </section>
  );
}

/** The tournament's scorekeepers by the names they chose; new ones join by invitation. */
function Scorekeepers() {
  const { tournamentId } = useTournamentData();
  const people = useLive<TournamentPerson[]>(`people:${tournamentId}`, (onData, onError) =>
    watchTournamentPeople(tournamentId, onData, onError),
  );
  const [status, run] = useAction();
  const keepers = (people.data ?? []).filter((p) => p.scorekeeper);
  const remove = (leaving: TournamentPerson) =>
    run(async () => {
      const uids = keepers.filter((k) => k.uid !== leaving.uid).map((k) => k.uid);
      await actions.setScorekeepers({ tournamentId, uids });
      return `${nameOf(leaving)} no longer keeps score`;
    });
  return (
    <section className="card stack" aria-labelledby="keepers-title">
      <h2 id="keepers-title">Scorekeepers</h2>
      <p className="muted">
        They enter the score of any game of an open round, from “Score games” on their phone. Invite them: whoever opens
        the link and signs in becomes a scorekeeper.
      </p>
      <ErrorNote error={people.error} />
      {keepers.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul className="list" aria-label="Scorekeepers">
        {keepers.map((keeper) => (
          <li key={keeper.uid}>
            <span className="person">{nameOf(keeper)}</span>{' '}
            <button
              type="button"
              className="quiet"
              disabled={status.state === 'pending'}
              aria-label={`Remove scorekeeper ${nameOf(keeper)}`}
              onClick={() => void remove(keeper)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <Status status={status} id="keepers-status" />
      <Invitations scope={{ kind: 'tournament', tournamentId }} roles={['SCOREKEEPER']} />
    </section>
  );
}

export function OrganizeTab() {
  const { tournamentId, tournament } = useTournamentData();
  const [jsonStatus, runJson] = useAction();
  const [csvStatus, runCsv] = useAction();
  const [trfStatus, runTrf] = useAction();
  const [egdStatus, runEgd] = useAction();
  if (!tournament) return null;
  const base = `${tournament.date}-${tournament.description.replace(/[^\w-]+/g, '-').toLowerCase()}`;
  return (
    <div className="grid two">
      <JoinDesk />
      <RegistrationDesk />
      <Details tournament={tournament} />
      <Scoring tournament={tournament} />
      {tournament.system === 'KNOCKOUT' ? null : <PlayoffForm tournament={tournament} />}
      <Scorekeepers />
      <ConfirmScoresSwitch />
      <CutOutlookSwitch />
      <ByeRulesForm />
      <TableCheckInForm />
      <DeckListSettingsForm />
      <DeckListsDesk />
      <section className="card stack" aria-labelledby="export-title">
        <h2 id="export-title">Export</h2>
        <p className="muted">
          The JSON file holds the policy, participants, rounds and results: import it into any championship.
        </p>
        <button
          type="button"
          disabled={jsonStatus.state === 'pending'}
          onClick={() =>
            void runJson(async () => {
              const { json } = await actions.exportTournament({ tournamentId });
              download(`${base}.json`, 'application/json', json);
              return 'tournament exported';
            })
          }
        >
          Download tournament (JSON)
        </button>
        <Status status={jsonStatus} />
        <button
          type="button"
          disabled={csvStatus.state === 'pending'}
          onClick={() =>
            void runCsv(async () => {
              const { csv } = await actions.getStandingsCsv({ tournamentId });
              // A byte-order mark first: without it, spreadsheet programs read the file in the computer's own code
              // page and show "ChloÃ©" for "Chloé".
              download(`${base}-standings.csv`, 'text/csv;charset=utf-8', `\uFEFF${csv}`);
              return 'standings exported';
            })
          }
        >
          Download standings (CSV)
        </button>
        <Status status={csvStatus} />
        {/* A FIDE report is a chess event's (docs/trf.md): a card game or a Go event has no use for one. */}
        {resultStyle(tournament.policy, tournament.pairing.method) === 'SINGLE_GAME' ? (
          <>
            <button
              type="button"
              disabled={trfStatus.state === 'pending'}
              onClick={() =>
                void runTrf(async () => {
                  const { json } = await actions.exportTournament({ tournamentId });
                  // The report of the rounds complete so far (docs/trf.md), written by the engine in the browser.
                  const { exportedTournamentToTrf } = await import('@competition/engine');
                  download(`${base}.trf`, 'text/plain;charset=utf-8', exportedTournamentToTrf(json));
                  return 'FIDE report exported';
                })
              }
            >
              Download FIDE report (TRF)
            </button>
            <Status status={trfStatus} />
          </>
        ) : null}
        {tournament.pairing.method === 'MCMAHON' ? (
          <>
            <button
              type="button"
              disabled={egdStatus.state === 'pending'}
              onClick={() =>
                void runEgd(async () => {
                  const { json } = await actions.exportTournament({ tournamentId });
                  // The European Go Database's results file of the rounds complete so far (docs/go.md).
                  const { exportedTournamentToEgd } = await import('@competition/engine');
                  download(`${base}.h9`, 'text/plain;charset=utf-8', exportedTournamentToEgd(json));
                  return 'EGD results exported';
                })
              }
            >
              Download EGD results (.h9)
            </button>
            <Status status={egdStatus} />
          </>
        ) : null}
      </section>
      <Finish />
      <DeleteTournament tournament={tournament} />
    </div>
  );
}

/**
 * Closing and reopening. Closing with games still unscored names them and asks; a closed tournament can be
 * reopened at its last round, so a result forgotten at closing can still be entered.
 */
function Finish() {
  const { tournamentId, tournament, matchUps, nameOf } = useTournamentData();
  const [status, run] = useAction();
  if (!tournament) return null;
  const closed = tournament.status === 'CLOSED';
  const open = unscoredGames(matchUps);
  const close = (leaveUnscored: boolean) =>
    void run(async () => {
      await actions.closeTournament({ tournamentId, leaveUnscored });
      return 'tournament closed';
    });
  const reopen = () =>
    void run(async () => {
      await actions.reopenTournament({ tournamentId });
      return `tournament reopened${tournament.currentRound ? `: round ${tournament.currentRound} takes results again` : ''}`;
    });
  return (
    <section className="card stack" aria-labelledby="close-title" data-tournament-status={tournament.status}>
      <h2 id="close-title">Finish</h2>
      {closed ? (
        <>
          <p className="muted">
            The tournament is closed: no score can be entered. Reopen it to enter or correct a result; its last round
            opens again.
          </p>
          <ConfirmButton
            label="Reopen the tournament"
            question={
              <p>
                Reopen {tournament.description} ({tournament.date})?
                {tournament.currentRound ? ` Round ${tournament.currentRound} takes results again.` : ''}
              </p>
            }
            confirmLabel="Reopen it"
            disabled={status.state === 'pending'}
            onConfirm={reopen}
          />
        </>
      ) : (
        <>
          <p className="muted">
            Closing the tournament closes its last round: no score can be entered after (you can reopen it).
          </p>
          <ConfirmButton
            label="Close the tournament"
            question={
              open.length === 0 ? (
                <p>
                  Close {tournament.description} ({tournament.date})? Every game has its result.
                </p>
              ) : (
                <>
                  <p className="strong">
                    {open.length === 1 ? 'A game has' : `${open.length} games have`} no result yet:
                  </p>
                  <ul aria-label="Games without a result">
                    {open.map((g) => (
                      <li key={`${g.roundNumber}-${g.table}`}>
                        Round {g.roundNumber}, table {g.table}: {nameOf(g.a)} v {nameOf(g.b)}
                      </li>
                    ))}
                  </ul>
                  <p>Closed now, they count for nobody. Enter them first, or close anyway.</p>
                </>
              )
            }
            confirmLabel={open.length === 0 ? 'Close it' : 'Close anyway, leaving them unscored'}
            disabled={status.state === 'pending'}
            onConfirm={() => close(open.length > 0)}
          />
        </>
      )}
      <Status status={status} id="close-status" />
    </section>
  );
}
