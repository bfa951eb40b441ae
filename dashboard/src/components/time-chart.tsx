import { useEffect, useRef } from 'preact/hooks';
import uPlot, { type AlignedData, type Options } from 'uplot';

export interface ChartSeries {
  label: string;
  /** A CSS class of the legend swatch colour; the stroke comes from `color`. */
  color: string;
}

/**
 * A uPlot time-series chart. `stacked` draws bars whose values are summed
 * bottom-up (first series at the bottom); the legend still shows each series'
 * own value. `data[0]` is x in seconds.
 */
export function TimeChart({
  title,
  data,
  series,
  stacked = false,
  height = 220,
}: {
  title: string;
  data: AlignedData;
  series: ChartSeries[];
  stacked?: boolean;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const raw = useRef<AlignedData>(data);
  raw.current = data;
  const shape = `${stacked}:${series.map((s) => s.label).join(',')}`;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const bars = uPlot.paths.bars!({ size: [0.8, 40] });
    // Stacked: draw the totals first (top of each bar), then the lower sums over them.
    const order = stacked ? [...series.keys()].reverse() : [...series.keys()];
    const options: Options = {
      title,
      width: Math.max(element.clientWidth, 280),
      height,
      series: [
        {},
        ...order.map((index) => ({
          label: series[index]!.label,
          stroke: series[index]!.color,
          fill: stacked ? series[index]!.color : undefined,
          width: stacked ? 0 : 2,
          paths: stacked ? bars : undefined,
          points: { show: !stacked },
          value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
            idx === null ? '—' : String(raw.current[index + 1]?.[idx] ?? '—'),
        })),
      ],
      axes: [{ stroke: 'currentColor' }, { stroke: 'currentColor' }],
      scales: { x: { time: true } },
    };
    plot.current = new uPlot(options, prepare(raw.current, stacked, order), element);
    const resize = () => plot.current?.setSize({ width: Math.max(element.clientWidth, 280), height });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.current?.destroy();
      plot.current = null;
    };
  }, [shape, title, height]);

  useEffect(() => {
    const order = stacked ? [...series.keys()].reverse() : [...series.keys()];
    plot.current?.setData(prepare(data, stacked, order));
  }, [data]);

  return <div class="chart" ref={host} role="img" aria-label={title} />;
}

/** Reorders series for drawing and, when stacked, turns them into cumulative sums. */
function prepare(data: AlignedData, stacked: boolean, order: number[]): AlignedData {
  const xs = data[0];
  const columns = data.slice(1) as Array<ArrayLike<number | null>>;
  if (!stacked) return [xs, ...order.map((i) => columns[i]!)] as AlignedData;
  const sums = columns.map((_, i) =>
    Array.from(xs, (_x, j) => columns.slice(0, i + 1).reduce<number>((total, col) => total + (col[j] ?? 0), 0)),
  );
  return [xs, ...order.map((i) => sums[i]!)] as AlignedData;
}
