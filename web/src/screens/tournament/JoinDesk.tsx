/**
 * The organizer's side of joining: the tournament's join link and its QR code (to print or show on a screen),
 * and every entry's private claim code, with a new code or an unlink per entry. The QR library loads with this
 * card only, never with the first screen.
 */
import { useEffect, useState } from 'react';
import { href } from '../../app/route';
import { ErrorNote, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import {
  type ClaimCode,
  type LockedClaim,
  type TournamentPerson,
  watchClaimCodes,
  watchLockedClaims,
  watchTournamentPeople,
} from '../../data/watchStaff';
import { unlockClaims } from '../../data/writes';
import { nameOf } from '../../lib/people';
import { useLive } from '../../data/hooks';
import { useTournamentData } from './data';
import { hallTime } from '../../lib/format';

/** The code as people read it: two groups of four. */
const printed = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export function joinUrl(tournamentId: string): string {
  return `${location.origin}${location.pathname}${href.join(tournamentId)}`;
}

function QrCode({ text }: { text: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((url) => current && setImage(url)),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return image ? (
    <img className="join-qr" src={image} width={240} height={240} alt="QR code of the join link" data-url={text} />
  ) : (
    <p className="muted">Drawing the QR code…</p>
  );
}

export function JoinDesk() {
  const { tournamentId, participants, tournament } = useTournamentData();
  const codes = useLive<ClaimCode[]>(`claim-codes:${tournamentId}`, (onData, onError) =>
    watchClaimCodes(tournamentId, onData, onError),
  );
  const people = useLive<TournamentPerson[]>(`people:${tournamentId}`, (onData, onError) =>
    watchTournamentPeople(tournamentId, onData, onError),
  );
  const [status, run] = useAction();
  const url = joinUrl(tournamentId);
  const codeOf = new Map((codes.data ?? []).map((c) => [c.participantId, c.code]));
  const accountOf = new Map((people.data ?? []).flatMap((p) => p.participantIds.map((id) => [id, p] as const)));
  const entries = [...participants].sort((x, y) => x.name.localeCompare(y.name));
  return (
    <section className="card stack join-desk" aria-labelledby="join-desk-title">
      <h2 id="join-desk-title">Players join</h2>
      <p className="muted">
        Players open the link or scan the code, sign in, and type their own claim code: from then on they enter their
        own scores. Print this card, or show it on a screen.
      </p>
      <div className="join-link">
        <QrCode text={url} />
        <p>
          <a href={href.join(tournamentId)} className="join-url">
            {url}
          </a>
        </p>
        <p className="print-only">{tournament?.description}</p>
      </div>
      <p className="no-print">
        <button type="button" onClick={() => print()}>
          Print the QR code and the codes
        </button>{' '}
        For the wall, the <a href={href.print(tournamentId, 'join')}>join card</a> prints the QR code in large type on a
        page of its own; the <a href={href.print(tournamentId, 'codes')}>claim code slips</a> give each player their
        code to cut and hand out.
      </p>
      <ErrorNote error={codes.error ?? people.error} />
      <table className="claim-codes">
        <caption>Claim codes (private: give each player their own)</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Code</th>
            <th scope="col">Joined</th>
            <th scope="col" className="no-print">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((p) => {
            const code = codeOf.get(p.participantId);
            const account = accountOf.get(p.participantId);
            const joined = account !== undefined;
            return (
              <tr key={p.participantId} data-participant={p.participantId}>
                <td>{p.name}</td>
                <td>
                  <code className="claim-code">{code ? printed(code) : '—'}</code>
                </td>
                <td className="joined-as">{account ? `as ${nameOf(account)}` : 'not yet'}</td>
                <td className="no-print">
                  <button
                    disabled={status.state === 'pending'}
                    type="button"
                    className="quiet"
                    aria-label={`New code for ${p.name}`}
                    onClick={() =>
                      void run(async () => {
                        await actions.regenerateClaimCode({ tournamentId, participantId: p.participantId });
                        return `${p.name} has a new code; the old one no longer works`;
                      })
                    }
                  >
                    New code
                  </button>
                  {joined ? (
                    <button
                      disabled={status.state === 'pending'}
                      type="button"
                      className="quiet"
                      aria-label={`Unlink ${p.name}'s account`}
                      onClick={() =>
                        void run(async () => {
                          await actions.linkParticipantAccount({
                            tournamentId,
                            participantId: p.participantId,
                            uid: null,
                          });
                          return `${p.name} is no longer linked to an account`;
                        })
                      }
                    >
                      Unlink
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Status status={status} id="join-desk-status" />
      <LockedClaims />
    </section>
  );
}

/** Accounts locked out after too many wrong claim codes: the player asks at the desk, the organizer unlocks them. */
function LockedClaims() {
  const { tournamentId } = useTournamentData();
  const locked = useLive<LockedClaim[]>(`claim-locks:${tournamentId}`, (onData, onError) =>
    watchLockedClaims(tournamentId, onData, onError),
  );
  const [status, run] = useAction();
  const items = locked.data ?? [];
  if (!items.length && status.state === 'idle') return null;
  return (
    <div className="stack no-print locked-claims">
      <h3>Locked out of claiming</h3>
      <ErrorNote error={locked.error} />
      <ul className="list" aria-label="Locked out of claiming">
        {items.map((item) => {
          const who = item.who ?? 'An account without a name';
          return (
            <li key={item.uid} className="row between wrap">
              <span>
                {who}: {item.wrongCodes} wrong codes, locked until {hallTime(item.lockedUntil)}
              </span>
              <button
                type="button"
                disabled={status.state === 'pending'}
                aria-label={`Unlock ${who}`}
                onClick={() =>
                  void run(async () => {
                    await unlockClaims(tournamentId, item.uid);
                    return `${who} may type a claim code again`;
                  })
                }
              >
                Unlock
              </button>
            </li>
          );
        })}
      </ul>
      <Status status={status} id="claim-locks-status" />
    </div>
  );
}
