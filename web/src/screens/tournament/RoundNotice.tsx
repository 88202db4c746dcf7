/**
 * The next round's notice: as soon as a round is paired, a signed-in player's open app shows their table, opponent
 * and side on every tab; when the app is in the background and the player allowed it, a system notification
 * through the service worker says the same. Push while the app is closed needs Cloud Messaging (see
 * docs/offline.md).
 */
import { useEffect, useRef, useState } from 'react';
import { useTournamentData } from './data';
import { OpenGameLine, useOpenGame } from './OpenGame';

const canNotify = () => 'Notification' in window && 'serviceWorker' in navigator;

export function RoundNotice() {
  const { roles, currentRound, tournament } = useTournamentData();
  const me = roles.participantIds[0];
  const open = currentRound?.status === 'OPEN' && tournament?.status === 'RUNNING';
  // Watched whether or not the notice shows: a round the organizer closed before pairing the next one unmounts the
  // notice, and the next pairing must still count as news.
  useRoundNotification(me, open);
  if (!me || !currentRound || !open) return null;
  return <Notice me={me} roundNumber={currentRound.roundNumber} />;
}

/** A system notification, through the service worker, when the player's open game changes while the app is hidden. */
function useRoundNotification(me: string | undefined, open: boolean) {
  const { tournament, nameOf, loaded } = useTournamentData();
  const game = useOpenGame(me ?? '');
  // The game this app has already shown: only a game paired while the app is open is news.
  const seen = useRef<string | null | undefined>(undefined);
  const gameId = me && loaded ? (open ? (game?.matchUpId ?? null) : null) : undefined;
  useEffect(() => {
    if (gameId === undefined) return;
    const before = seen.current;
    seen.current = gameId;
    if (before === undefined || gameId === null || before === gameId || !game) return;
    if (!canNotify() || Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
    const opponent = game.a === me ? game.b : game.a;
    const body =
      opponent === null
        ? `You have a bye in round ${game.roundNumber}.`
        : `Round ${game.roundNumber}, table ${game.order + 1}: you play ${nameOf(opponent)}.`;
    void navigator.serviceWorker.ready.then((registration) =>
      registration.showNotification(`${tournament?.description ?? 'Tournament'}: round ${game.roundNumber} is paired`, {
        body,
        tag: `round-${game.matchUpId}`,
      }),
    );
  }, [gameId, game, me, nameOf, tournament?.description]);
}

function Notice({ me, roundNumber }: { me: string; roundNumber: number }) {
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : 'denied'));
  return (
    <section className="card round-notice" aria-label="Your game this round" data-round={roundNumber}>
      <p>
        <strong>Your game:</strong> <OpenGameLine participantId={me} you />
      </p>
      {permission === 'default' ? (
        <p>
          <button
            type="button"
            className="quiet"
            onClick={() => void Notification.requestPermission().then(setPermission)}
          >
            Tell me when the next round is paired
          </button>
        </p>
      ) : null}
    </section>
  );
}
