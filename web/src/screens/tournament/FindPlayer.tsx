/** A spectator looks a player up by name and sees where they play in the open round. */
import { useEffect, useState } from 'react';
import { href } from '../../app/route';
import { useTournamentData } from './data';
import { OpenGameLine } from './OpenGame';

/** Case and accents do not matter: "jose" finds "José". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const MAX_SHOWN = 8;

export function FindPlayer() {
  const { everyone, everyoneError, lookUpEveryone, tournamentId } = useTournamentData();
  const [text, setText] = useState('');
  const wanted = fold(text);
  // A spectator's standings read no participant list: the names come from the pages, read at the first search.
  const lookingUp = wanted !== '' && everyone === null && everyoneError === null;
  useEffect(() => {
    if (lookingUp) lookUpEveryone();
  }, [lookingUp, lookUpEveryone]);
  const found = wanted ? (everyone ?? []).filter((p) => fold(p.name).includes(wanted)) : [];
  return (
    <section className="card find-player" aria-labelledby="find-player-title">
      <h2 id="find-player-title">Find a player</h2>
      <input
        type="search"
        aria-label="Player's name"
        placeholder="Name"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      {wanted && everyoneError !== null ? (
        <p role="alert">
          The names could not be read ({everyoneError}).{' '}
          <button type="button" onClick={lookUpEveryone}>
            Try again
          </button>
        </p>
      ) : lookingUp ? (
        <p className="muted">Looking the names up…</p>
      ) : wanted ? (
        found.length === 0 ? (
          <p className="muted">Nobody by that name in this tournament.</p>
        ) : (
          <ul aria-label="Players found">
            {found.slice(0, MAX_SHOWN).map((p) => (
              <li key={p.participantId}>
                <a href={href.participant(tournamentId, p.participantId)}>{p.name}</a>
                <br />
                <OpenGameLine participantId={p.participantId} />
              </li>
            ))}
            {found.length > MAX_SHOWN ? (
              <li className="muted">{found.length - MAX_SHOWN} more: type more of the name.</li>
            ) : null}
          </ul>
        )
      ) : null}
    </section>
  );
}
