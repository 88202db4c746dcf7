/**
 * The penalty report (docs/judging.md#penalties): every penalty of the event by player, as the head judge files it
 * after the event. Staff only, as the rules let only staff read every penalty.
 */
import { useLive } from '../../data/hooks';
import { type Penalty, watchPenalties } from '../../data/watchPenalties';
import { ErrorNote, Loading } from '../../components/ui';
import { PENALTY_WORDS } from '../../lib/format';
import { useTournamentData } from '../tournament/data';

const RECORDED_BY: Record<Penalty['by'], string> = { EDITOR: 'organizer', SCOREKEEPER: 'scorekeeper' };

/** Grouped by player, the players by name and each one's penalties by round. */
function byPlayer(penalties: readonly Penalty[], nameOf: (id: string) => string): Array<[string, Penalty[]]> {
  const groups = new Map<string, Penalty[]>();
  for (const p of penalties) groups.set(p.participantId, [...(groups.get(p.participantId) ?? []), p]);
  return [...groups].sort(([x], [y]) => nameOf(x).localeCompare(nameOf(y)));
}

const time = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

export function PenaltyReport() {
  const { tournamentId, nameOf } = useTournamentData();
  const penalties = useLive<Penalty[]>(`penalties:${tournamentId}`, (onData, onError) =>
    watchPenalties(tournamentId, onData, onError),
  );
  if (penalties.error) return <ErrorNote error={penalties.error} />;
  if (!penalties.data) return <Loading what="the penalties" />;
  if (penalties.data.length === 0)
    return (
      <p className="sheet-missing" data-ready="true">
        No penalties were recorded.
      </p>
    );
  return (
    <table className="sheet-table penalty-report" data-ready="true" data-rows={penalties.data.length}>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            Round
          </th>
          <th scope="col">Penalty</th>
          <th scope="col">Infraction</th>
          <th scope="col">Note</th>
          <th scope="col">Recorded</th>
        </tr>
      </thead>
      <tbody>
        {byPlayer(penalties.data, nameOf).flatMap(([participantId, list]) =>
          list.map((p, i) => (
            <tr key={p.penaltyId} data-penalty={p.penalty} data-player={participantId}>
              {i === 0 ? (
                <th scope="rowgroup" rowSpan={list.length}>
                  {nameOf(participantId)}
                </th>
              ) : null}
              <td className="num">{p.roundNumber}</td>
              <td>{PENALTY_WORDS[p.penalty]}</td>
              <td>{p.infraction}</td>
              <td>{p.note}</td>
              <td>
                {p.byName ? `${p.byName} (${RECORDED_BY[p.by]})` : RECORDED_BY[p.by]}, {time(p.at)}
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
