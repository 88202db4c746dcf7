/**
 * The join card: a poster for the wall or the desk that players scan with their phone to join the tournament
 * (docs/joining.md). Read from a couple of metres, so its title, its QR code and its steps are in large type; it
 * holds nothing private (the claim codes go on slips of their own).
 */
import { joinUrl } from '../tournament/JoinDesk';
import { useTournamentData } from '../tournament/data';
import { useJoinQr } from './ClaimCodeSlips';

export function JoinCard() {
  const { tournamentId, tournament } = useTournamentData();
  const url = joinUrl(tournamentId);
  const qr = useJoinQr(url);
  if (!tournament) return null;
  // Registration as the join screen offers it: the poster promises only what the phone will show.
  const joining = tournament.joining;
  const registers =
    joining !== undefined &&
    joining.registration !== 'CLOSED' &&
    tournament.status !== 'CLOSED' &&
    (tournament.status !== 'RUNNING' || joining.lateRegistration);
  return (
    <section className="join-card" data-ready={qr !== null} aria-labelledby="join-card-title">
      <h2 id="join-card-title">{tournament.description}</h2>
      <p className="join-card-when">
        {tournament.date}
        {tournament.location ? ` · ${tournament.location}` : ''}
      </p>
      <p className="join-card-call">Scan to join and enter your own scores</p>
      {qr ? <img src={qr} alt="QR code of the join link" data-url={url} /> : null}
      <ol className="join-card-steps">
        <li>Scan the code with your phone’s camera, or open the link below.</li>
        <li>Sign in, or create an account.</li>
        <li>Type the claim code the organizer gives you{registers ? ', or register if you have no code' : ''}.</li>
      </ol>
      <p className="join-card-url">{url}</p>
    </section>
  );
}
