/** A tournament: its header, its tabs, and the participant and table pages under it. */
import { Suspense, lazy } from 'react';
import { type Route, type TournamentTab, href } from '../app/route';
import { useSession } from '../app/session';
import { ErrorNote, Loading } from '../components/ui';
import { TournamentProvider, useTournamentLive } from './tournament/data';
import { ParticipantsTab } from './tournament/ParticipantsTab';
import { PlayTab } from './tournament/PlayTab';
import { RoundsTab } from './tournament/RoundsTab';
import { StandingsTab } from './tournament/StandingsTab';
import { TablePage } from './tournament/TablePage';
import { ClockTab } from './tournament/ClockTab';
import { OrganizeTab } from './tournament/OrganizeTab';

// The rating chart (Chart.js) loads only with a participant's page.
const ParticipantPage = lazy(() =>
  import('./tournament/ParticipantPage').then((m) => ({ default: m.ParticipantPage })),
);

type TournamentRoute = Extract<Route, { screen: 'tournament' | 'participant' | 'table' }>;

const TAB_LABELS: Array<[TournamentTab, string, boolean]> = [
  ['standings', 'Standings', false],
  ['rounds', 'Rounds', false],
  ['participants', 'Participants', false],
  ['play', 'My game', false],
  ['clock', 'Clock', false],
  ['organize', 'Organize', true],
];

export function TournamentScreen({ route }: { route: TournamentRoute }) {
  const { user } = useSession();
  const data = useTournamentLive(route.tournamentId, user?.uid ?? null);
  const t = data.tournament;
  const tab = route.screen === 'tournament' ? route.tab : null;
  if (t === null) return <p>This tournament does not exist (or was removed).</p>;
  return (
    <TournamentProvider value={data}>
      <div
        className={`stack tournament ${tab === 'clock' ? 'clock-mode' : ''}`}
        data-tournament={route.tournamentId}
        data-current-round={t?.currentRound ?? ''}
      >
        <header className="tournament-head">
          <nav aria-label="Breadcrumb" className="crumbs">
            <a href={href.home()}>Home</a>
            {t ? (
              <>
                {' › '}
                <a href={href.championship(t.championshipId)}>Championship</a>
              </>
            ) : null}
          </nav>
          <h1>{t ? t.description : 'Tournament'}</h1>
          {t ? (
            <p className="meta">
              {t.date}
              {t.location ? ` · ${t.location}` : ''} · {t.policy.policyName ?? 'custom policy'} ·{' '}
              <span className="tag">{t.status.toLowerCase()}</span>{' '}
              {t.currentRound ? `round ${t.currentRound}${t.totalRounds ? ` of ${t.totalRounds}` : ''}` : 'not started'}
              {data.roles.editor ? <span className="tag strong">you organize</span> : null}
              {data.roles.scorekeeper ? <span className="tag strong">scorekeeper</span> : null}
              {t.socialUrl ? (
                <>
                  {' · '}
                  <a href={t.socialUrl} rel="noreferrer" target="_blank">
                    social site
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          <nav className="tabs" aria-label="Tournament sections">
            {TAB_LABELS.filter(([, , editorOnly]) => !editorOnly || data.roles.editor).map(([key, label]) => (
              <a
                key={key}
                href={href.tournament(route.tournamentId, key)}
                aria-current={tab === key ? 'page' : undefined}
              >
                {label}
              </a>
            ))}
          </nav>
        </header>
        <ErrorNote error={data.error} />
        {!data.loaded ? (
          <Loading what="the tournament" />
        ) : route.screen === 'participant' ? (
          <Suspense fallback={<Loading what="the participant" />}>
            <ParticipantPage participantId={route.participantId} />
          </Suspense>
        ) : route.screen === 'table' ? (
          <TablePage matchUpId={route.matchUpId} />
        ) : tab === 'standings' ? (
          <StandingsTab />
        ) : tab === 'rounds' ? (
          <RoundsTab roundNumber={route.screen === 'tournament' ? route.roundNumber : undefined} />
        ) : tab === 'participants' ? (
          <ParticipantsTab />
        ) : tab === 'play' ? (
          <PlayTab />
        ) : tab === 'clock' ? (
          <ClockTab />
        ) : tab === 'organize' ? (
          <OrganizeTab />
        ) : null}
      </div>
    </TournamentProvider>
  );
}
