/**
 * A simulated 16-player Swiss tournament through the engine: each round paired by the pairing engine, results
 * drawn from the players' baseline ratings (the tests' simulated games: Elo expectation, some draws and timed
 * wins), then the leaderboard.
 */
import {
  computeStandings,
  generateRound,
  type MatchUpRecord,
  pairingRequestFor,
  type Participant,
  presetPolicy,
  recommendedRounds,
  simulatedField,
  simulatedScore,
} from '@competition/engine';

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Max', 'Nia', 'Oz', 'Pia'];

export function runDemo(print: (line: string) => void = console.log, seed = 2026): void {
  const policy = presetPolicy('SWISS');
  const field = simulatedField(NAMES.length, seed);
  const participants: Participant[] = field.map((p, i) => ({ participantId: p.id, name: NAMES[i]!, rating: p.rating }));
  const nameOf = new Map(participants.map((p) => [p.participantId, p.name ?? p.participantId]));
  const player = new Map(field.map((p) => [p.id, p]));
  const rounds = recommendedRounds(participants.length).rounds;
  print(
    `Swiss demo: ${participants.length} players, ${rounds} rounds (seed 002's table), policy "${policy.policyName}"`,
  );
  const matchUps: MatchUpRecord[] = [];
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber++) {
    const round = generateRound(
      pairingRequestFor(
        { policy, participants, matchUps },
        { method: 'SWISS', seed: seed + roundNumber, totalRounds: rounds },
      ),
    );
    print(`\nRound ${roundNumber} (${round.method}, seed ${round.seed})`);
    round.pairings.forEach((pair, order) => {
      const result = simulatedScore(seed, roundNumber, player.get(pair.a)!, player.get(pair.b)!);
      matchUps.push({ matchUpId: `r${roundNumber}-m${order + 1}`, roundNumber, order, a: pair.a, b: pair.b, result });
      const score = result.score!;
      print(`  ${nameOf.get(pair.a)!.padEnd(4)} ${score.a} - ${score.b}  ${nameOf.get(pair.b)}`);
    });
    for (const bye of round.byes) {
      matchUps.push({
        matchUpId: `r${roundNumber}-bye`,
        roundNumber,
        order: round.pairings.length,
        a: bye,
        b: null,
        result: { kind: 'PAIRING_BYE' },
      });
      print(`  ${nameOf.get(bye)} has the bye`);
    }
  }
  const { leaderboard } = computeStandings(policy, participants, matchUps);
  print('\nLeaderboard (wins, then Buchholz, Sonneborn-Berger, head-to-head, pressure)');
  print('rank  player  W-L-D   match pts  Buchholz  form    pressure');
  for (const row of leaderboard) {
    const wld = `${row.wins}-${row.losses}-${row.draws}`;
    print(
      `${String(row.rank).padStart(4)}  ${nameOf.get(row.participantId)!.padEnd(6)}  ${wld.padEnd(6)}  ${String(row.matchPoints).padStart(9)}  ${String(row.tiebreaks.BUCHHOLZ ?? '').padStart(8)}  ${row.dynamicFormRating.toFixed(0).padStart(5)}  ${row.pressureRating.toFixed(3).padStart(8)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runDemo();
