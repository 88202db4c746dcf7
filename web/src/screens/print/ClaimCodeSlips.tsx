/**
 * Each player's claim code on a slip of its own, to cut and hand out (see docs/joining.md): the name, the code and
 * the tournament's join address, with its QR code large enough for a phone to read from the slip lying on a table
 * (at least 30 mm, and the white margin a reader needs around it). Two across, four down: eight a page on A4 and on
 * Letter. Only the tournament's editors read the codes.
 */
import { useEffect, useState } from 'react';
import { joinUrl } from '../tournament/JoinDesk';
import { type ClaimCode, watchClaimCodes } from '../../data/watchStaff';
import { useLive } from '../../data/hooks';
import { ErrorNote } from '../../components/ui';
import { useTournamentData } from '../tournament/data';

/** The code as people read it: two groups of four, as on the organizer's desk. */
const printed = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export function ClaimCodeSlips() {
  const { tournamentId, tournament, participants } = useTournamentData();
  const codes = useLive<ClaimCode[]>(`claim-codes:${tournamentId}`, (onData, onError) =>
    watchClaimCodes(tournamentId, onData, onError),
  );
  const codeOf = new Map((codes.data ?? []).map((c) => [c.participantId, c.code]));
  const entries = participants.filter((p) => !p.withdrawn).sort((x, y) => x.name.localeCompare(y.name));
  const url = joinUrl(tournamentId);
  const qr = useJoinQr(url);
  return (
    <>
      <ErrorNote error={codes.error} />
      <div className="code-slips" data-ready={codes.data !== undefined && qr !== null} data-rows={entries.length}>
        {entries.map((p) => {
          const code = codeOf.get(p.participantId);
          return (
            <section key={p.participantId} className="code-slip" data-participant={p.participantId}>
              {qr ? <img src={qr} alt="QR code of the join link" data-url={url} /> : <span className="code-qr-space" />}
              <div className="code-text">
                <p className="code-who">{p.name}</p>
                <p className="claim-code">{code ? printed(code) : 'no code'}</p>
                <p className="code-how">
                  {tournament?.description}: scan the code or open {url}, sign in and type this code to enter your own
                  scores.
                </p>
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}

/**
 * The join link's QR code, drawn once for every slip and for the join card. The image carries the four modules of
 * white a reader needs around the code (the quiet zone), so a border or a cut drawn next to it never touches it.
 */
export function useJoinQr(url: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(url, { margin: 4, width: 600, errorCorrectionLevel: 'M' }).then((data) => current && setImage(data)),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return image;
}
