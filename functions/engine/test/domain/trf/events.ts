/** Events the TRF tests share (docs/trf.md). */

/**
 * Six players, three rounds, every kind a TRF has a code for: played wins, draws and losses with either colour, a
 * pairing-allocated bye, a forfeit, a double forfeit, a zero- and a half-point bye, and an absence (Dee, round 1).
 * Points: Carlsen 2.5, Ada 2, Hou 1.5, Dee 1, Cy 0.5, Bo 0, so the ranks need no tiebreak.
 */
export const HAND_EVENT = {
  event: {
    name: 'Club Open',
    city: 'Oslo',
    federation: 'NOR',
    startDate: '2026-11-20',
    endDate: '2026-11-22',
    chiefArbiter: 'Ann Arbiter',
    timeControl: `90'+30"`,
  },
  policy: 'CHESS',
  participants: [
    {
      id: 'carlsen',
      name: 'Carlsen, Magnus',
      rating: 2830,
      seed: 1,
      fideId: '1503014',
      title: 'GM',
      federation: 'NOR',
      sex: 'm',
      birthYear: 1990,
    },
    { id: 'hou', name: 'Hou, Yifan', rating: 2600, seed: 2, title: 'GM', federation: 'CHN', sex: 'w', birthYear: 1994 },
    { id: 'ada', name: 'Ada', rating: 2000, seed: 3 },
    { id: 'bo', name: 'Bo', rating: 1900, seed: 4, title: 'FM', federation: 'SWE', sex: 'm' },
    { id: 'cy', name: 'Cy', seed: 5, title: 'WCM', sex: 'w', fideId: '42' },
    { id: 'dee', name: 'Dee', rating: 1700, seed: 6 },
  ],
  rounds: [
    [
      { a: 'carlsen', b: 'bo', result: 'a' },
      { a: 'cy', b: 'hou', result: 'b' },
      { a: 'ada', b: null },
    ],
    [
      { a: 'hou', b: 'carlsen', result: 'draw' },
      { a: 'bo', b: 'ada', status: 'WALKOVER', winner: 'b' },
      { a: 'dee', b: 'cy', result: 'draw' },
    ],
    [
      { a: 'carlsen', b: 'ada', result: 'a' },
      { a: 'bo', b: 'cy', status: 'DOUBLE_WALKOVER' },
      { a: 'hou', b: null, kind: 'zero-bye' },
      { a: 'dee', b: null, kind: 'half-bye' },
    ],
  ],
  pairing: { totalRounds: 5 },
};
