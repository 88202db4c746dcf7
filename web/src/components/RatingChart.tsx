/**
 * A participant's rating history (docs/ratings.md): the frozen baseline, the dynamic form rating after each round, and
 * the cumulative pressure rating on its own axis. Chart.js, tree-shaken to the line chart, drawn on a canvas
 * with a text summary for screen readers (the games table beside it holds every number).
 */
import { useEffect, useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { RatingHistoryEntry } from '@competition/engine';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

export interface RatingSeries {
  labels: string[];
  baseline: number[];
  form: number[];
  pressure: number[];
}

/** One point before the first game, then one per rated game, in play order. */
export function ratingSeries(baselineRating: number, history: readonly RatingHistoryEntry[]): RatingSeries {
  const series: RatingSeries = { labels: ['start'], baseline: [baselineRating], form: [baselineRating], pressure: [0] };
  let pressure = 0;
  for (const entry of history) {
    pressure += entry.pressureDelta;
    series.labels.push(`R${entry.roundNumber}`);
    series.baseline.push(baselineRating);
    series.form.push(Math.round(entry.dynamicFormRatingAfter * 10) / 10);
    series.pressure.push(Math.round(pressure * 1000) / 1000);
  }
  return series;
}

export function RatingChart({
  series,
  showPressure,
  summary,
}: {
  series: RatingSeries;
  showPressure: boolean;
  summary: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: series.labels,
        datasets: [
          {
            label: 'Dynamic form rating',
            data: series.form,
            borderColor: '#1f6feb',
            backgroundColor: '#1f6feb',
            borderWidth: 3,
            pointRadius: 4,
            yAxisID: 'rating',
          },
          {
            label: 'Baseline rating (frozen)',
            data: series.baseline,
            borderColor: '#6e7781',
            borderDash: [6, 4],
            borderWidth: 2,
            pointRadius: 0,
            yAxisID: 'rating',
          },
          ...(showPressure
            ? [
                {
                  label: 'Pressure rating (cumulative)',
                  data: series.pressure,
                  borderColor: '#bf3989',
                  backgroundColor: '#bf3989',
                  borderWidth: 2,
                  pointRadius: 3,
                  yAxisID: 'pressure',
                },
              ]
            : []),
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { font: { size: 13 } } } },
        scales: {
          rating: { type: 'linear', position: 'left', title: { display: true, text: 'rating' } },
          ...(showPressure
            ? {
                pressure: {
                  type: 'linear' as const,
                  position: 'right' as const,
                  grid: { drawOnChartArea: false },
                  title: { display: true, text: 'pressure' },
                },
              }
            : {}),
        },
      },
    });
    return () => chart.destroy();
  }, [series, showPressure]);
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
