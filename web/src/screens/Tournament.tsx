/** A tournament: its header, its tabs, and the participant and table pages under it. */
import { Suspense, lazy } from 'react';
import { type Route, type TournamentTab, href } from '../app/route';
import { roundLabel } from '../lib/roundLabel';
import { useSession } from '../app/session';
import { ErrorNote, Loading } from '../components/ui';
import type { Roles, Tournament } from '../data/shapes';
import { playoffOf } from '@competition/engine/view';
import { TournamentProvider, useTournamentLive } from './tournament/data';
import { StandingsTab } from './tournament/StandingsTab';
import { SentScores } from './tournament/SentScores';
import { RoundNotice } from './tournament/RoundNotice';
import { FindPlayer } from './tournament/FindPlayer';

// The rating chart (Chart.js) loads only with a participant's page; the bracket and the crosstable read results
// with the engine's own function, which brings the schema library: they load with their tab.
const ParticipantPage = lazy(() =>
  import('./tournament/ParticipantPage').then((m) => ({ default: m.ParticipantPage })),
);
const BracketTab = lazy(() => import('./tournament/BracketTab').then((m) => ({ default: m.BracketTab })));
const CrosstableTab = lazy(() => import('./tournament/CrosstableTab').then((m) => ({ default: m.CrosstableTab })));
// The other tabs load when opened: the standings are what a visitor from the tournament's link sees first, and the
// room they leave pays for the offline cache of the scores (see docs/offline.md).
const RoundsTab = lazy(() => import('./tournament/RoundsTab').then((m) => ({ default: m.RoundsTab })));
const ParticipantsTab = lazy(() =>
  import('./tournament/ParticipantsTab').then((m) => ({ default: m.ParticipantsTab })),
);
const PlayTab = lazy(() => import('./tournament/PlayTab').then((m) => ({ default: m.PlayTab })));
const TablePage = lazy(() => import('./tournament/TablePage').then((m) => ({ default: m.TablePage })));
const ClockTab = lazy(() => import('./tournament/ClockTab').then((m) => ({ default: m.ClockTab })));
const OrganizeTab = lazy(() => import('./tournament/OrganizeTab').then((m) => ({ default: m.OrganizeTab })));
const JoinTab = lazy(() => import('./tournament/JoinTab').then((m) => ({ default: m.JoinTab })));

type TournamentRoute = Extract<Route, { screen: 'tournament' | 'participant' | 'table' }>;

/** The tabs this account sees, in order: the format's own view, and the organizer's desk for its editors. */
function tabsFor(tournament: Tournament | undefined, roles: Roles): Array<[TournamentTab, string]> {
  const system = tournament?.system;
  // A Swiss or a round robin with a top cut or finals has a bracket too (docs/playoff.md).
  const playoff = tournament ? playoffOf(tournament.system, tournament.pairing.options) !== null : false;
  const plays = roles.participantIds.length > 0;
  return [
    ['standings', 'Standings'],
    ...(system === 'KNOCKOUT' || playoff ? [['bracket', 'Bracket'] as [TournamentTab, string]] : []),
    ...(system === 'ROUND_ROBIN' ? [['crosstable', 'Crosstable'] as [TournamentTab, string]] : []),
    ['rounds', 'Rounds'],
    ['participants', 'Participants'],
    // A scorekeeper (or an organizer who does not play) comes here to score every game of the round.
    ['play', (roles.scorekeeper || roles.editor) && !plays ? 'Score games' : 'My game'],
    ['clock', 'Clock'],
    ...(roles.editor ? [['organize', 'Organize'] as [TournamentTab, string]] : []),
  ];
}

export function TournamentScreen({ route }: { route: TournamentRoute }) {
  const { user } = useSession();
  const tab = route.screen === 'tournament' ? route.tab : null;
  // A signed-out viewer of the standings reads only what they show: the pages, not every participant and game.
  const standingsOnly = !user && tab === 'standings';
  const data = useTournamentLive(route.tournamentId, user?.uid ?? null, { standingsOnly });
  const t = data.tournament;
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
              {t.currentRound ? roundLabel(t, t.currentRound, data.rounds) : 'not started'}
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
          <p className="hall-links">
            <a href={href.board(route.tournamentId)}>Projector board</a> ·{' '}
            <a href={href.print(route.tournamentId)}>Print sheets</a>
          </p>
          <nav className="tabs" aria-label="Tournament sections">
            {tabsFor(t ?? undefined, data.roles).map(([key, label]) => (
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
        {data.loaded ? <SentScores /> : null}
        {/* The play tab shows the same game with its score form. */}
        {data.loaded && tab !== 'clock' && tab !== 'play' ? <RoundNotice /> : null}
        {!data.loaded ? (
          <Loading what="the tournament" />
        ) : (
          <Suspense fallback={<Loading what="the page" />}>
            {route.screen === 'participant' ? (
              <ParticipantPage participantId={route.participantId} />
            ) : route.screen === 'table' ? (
              <TablePage matchUpId={route.matchUpId} />
            ) : tab === 'standings' ? (
              <>
                {data.roles.participantIds.length === 0 ? <FindPlayer /> : null}
                <StandingsTab />
              </>
            ) : tab === 'bracket' ? (
              <BracketTab />
            ) : tab === 'crosstable' ? (
              <CrosstableTab />
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
            ) : tab === 'join' ? (
              <JoinTab />
            ) : null}
          </Suspense>
        )}
      </div>
    </TournamentProvider>
  );
}
