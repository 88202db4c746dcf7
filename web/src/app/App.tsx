import { Suspense, lazy } from 'react';
import type { Connection } from '../data/firebase';
import { signOut } from '../data/session';
import { Loading } from '../components/ui';
import { ScreenBoundary } from '../components/ScreenBoundary';
import { href, useRoute } from './route';
import { SessionProvider, useSession } from './session';

// The organizer's and the player's screens load on demand: the first screen stays small.
const ChampionshipScreen = lazy(() =>
  import('../screens/Championship').then((m) => ({ default: m.ChampionshipScreen })),
);
// The printed sheets and the projector board are pages of their own, without the dashboard's bar (docs/hall.md).
const PrintScreen = lazy(() => import('../screens/print/PrintScreen').then((m) => ({ default: m.PrintScreen })));
const BoardScreen = lazy(() => import('../screens/board/BoardScreen').then((m) => ({ default: m.BoardScreen })));
const InvitationScreen = lazy(() => import('../screens/Invitation').then((m) => ({ default: m.InvitationScreen })));
// Home and sign-in too: a visitor from a tournament's link needs neither, and the room pays for the offline cache.
const Home = lazy(() => import('../screens/Home').then((m) => ({ default: m.Home })));
const SignIn = lazy(() => import('../screens/SignIn').then((m) => ({ default: m.SignIn })));
const EmailLink = lazy(() => import('../screens/EmailLink').then((m) => ({ default: m.EmailLink })));
const TournamentScreen = lazy(() => import('../screens/Tournament').then((m) => ({ default: m.TournamentScreen })));

export function App({ connection }: { connection: Connection }) {
  return (
    <SessionProvider>
      <Shell connection={connection} />
    </SessionProvider>
  );
}

function Shell({ connection }: { connection: Connection }) {
  const route = useRoute();
  const { ready, user } = useSession();
  const here = location.hash.replace(/^#/, '') || '/';
  if (route.screen === 'print' || route.screen === 'board')
    return (
      <div className={`app ${route.screen}-app`} data-ready={ready} data-uid={user?.uid ?? ''}>
        {!ready ? (
          <Loading what="your session" />
        ) : (
          <ScreenBoundary at={here}>
            <Suspense fallback={<Loading what="the page" />}>
              {route.screen === 'print' ? <PrintScreen route={route} /> : <BoardScreen route={route} />}
            </Suspense>
          </ScreenBoundary>
        )}
      </div>
    );
  return (
    <div className="app" data-ready={ready} data-uid={user?.uid ?? ''}>
      <header className="topbar">
        <a className="brand" href={href.home()}>
          Club competitions
        </a>
        {connection.emulators ? (
          <span className="badge" title={`project ${connection.projectId} on the Firebase Emulator Suite`}>
            emulators
          </span>
        ) : null}
        <span className="spacer" />
        {user ? (
          <>
            <span className="who" data-uid={user.uid}>
              {user.displayName ?? user.email ?? 'signed in'}
            </span>
            <button type="button" className="link-button" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        ) : route.screen !== 'signin' && route.screen !== 'emailLink' ? (
          <a href={href.signIn(here)}>Sign in</a>
        ) : null}
      </header>
      <main id="content">
        {!ready ? (
          <Loading what="your session" />
        ) : (
          <ScreenBoundary at={here}>
            <Suspense fallback={<Loading what="the screen" />}>
              {route.screen === 'home' ? user ? <Home uid={user.uid} /> : <SignIn next="/" /> : null}
              {route.screen === 'signin' ? <SignIn next={route.next} /> : null}
              {route.screen === 'emailLink' ? <EmailLink next={route.next} /> : null}
              {route.screen === 'championship' ? <ChampionshipScreen championshipId={route.championshipId} /> : null}
              {route.screen === 'tournament' || route.screen === 'participant' || route.screen === 'table' ? (
                <TournamentScreen route={route} />
              ) : null}
              {route.screen === 'invitation' ? <InvitationScreen invitation={route.invitation} /> : null}
              {route.screen === 'missing' ? (
                <p className="nothing-here">
                  Nothing here: this address names no screen of the app (a tournament’s link looks like{' '}
                  <code>…/#/t/</code> and its id). <a href={href.home()}>Back to the start</a>
                </p>
              ) : null}
            </Suspense>
          </ScreenBoundary>
        )}
      </main>
    </div>
  );
}
