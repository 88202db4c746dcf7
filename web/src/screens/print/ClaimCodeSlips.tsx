/**
 * Each player's claim code on a slip of its own, to cut and hand out (see docs/joining.md): the name, the code and
 * the tournament's join address. Only the tournament's editors read the codes.
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
              {qr ? <img src={qr} width={60} height={60} alt="QR code of the join link" /> : <span />}
              <div>
                <p className="code-who">{p.name}</p>
                <p className="claim-code">{code ? printed(code) : 'no code'}</p>
              </div>
              <p className="code-how">
                {tournament?.description}: scan or open {url}, sign in and type this code to enter your own scores.
              </p>
            </section>
          );
        })}
      </div>
    </>
  );
}

/** The join link's QR code, drawn once for every slip. */
function useJoinQr(url: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(url, { margin: 0, width: 160, errorCorrectionLevel: 'M' }).then((data) => current && setImage(data)),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return image;
}
