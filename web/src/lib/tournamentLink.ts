/**
 * What the Home screen's "Tournament link or id" box was given: a tournament's link (as the join card and the
 * share button give it, `…/#/t/<id>…`), or the id alone. Anything else is answered in words before any read: a
 * listener opened on an id Firestore refuses (one with "/") throws, and a screen must never go blank.
 */
import { documentIdProblem } from '@competition/engine/view';

export type TournamentLink = { tournamentId: string } | { problem: string };

const LINK_SHAPE = 'a tournament’s link holds /#/t/ followed by its id, as on the join card';

export function readTournamentLink(text: string): TournamentLink {
  const typed = text.trim();
  if (!typed) return { problem: 'paste a tournament’s link, or type its id' };
  const inLink = /#\/t\/([^/?#]+)/.exec(typed)?.[1];
  if (inLink === undefined && /^[a-z][a-z0-9+.-]*:|\//i.test(typed))
    return { problem: `this is not a link to a tournament: ${LINK_SHAPE}` };
  let id = inLink ?? typed;
  try {
    id = decodeURIComponent(id);
  } catch {
    return { problem: `this link is damaged (a “%” without its code): ${LINK_SHAPE}` };
  }
  return documentIdProblem(id) === null ? { tournamentId: id } : { problem: `“${id}” is not a tournament’s id` };
}
