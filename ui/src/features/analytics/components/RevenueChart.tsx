// The Revenue panel's line chart (editor-and-analytics.md §2.1, §9): total sales per bucket,
// values rounded to 2 decimals and the y-axis with thousands as `k`, both by the core; with
// the comparison on, the previous period's line drawn under it. ECharts comes from
// `echarts/core` with only the line chart, grid, tooltip and legend, and this module is
// loaded lazily by the panel.
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { use as register } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useLayoutEffect } from "react";
import { axisLabel } from "../../../core";
import { DATA_MARK } from "../api/useOverview";
import { useEChart } from "./useEChart";

register([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The User Timing measure from an answer's arrival to the chart's first frame painted with it. */
export const REPAINT_MEASURE = "overview:chart-repaint";

export interface RevenueSeries {
  name: string;
  /** Already rounded by the core's chart rule. */
  values: number[];
}

export interface RevenueChartProps {
  labels: string[];
  current: RevenueSeries;
  previous?: RevenueSeries;
  /** How a value reads in the tooltip (money). */
  format: (value: number) => string;
  label: string;
}

let measuredMark = -1;

/** Measures data-to-paint once per arriving answer. */
function measureRepaint() {
  const marks = performance.getEntriesByName(DATA_MARK, "mark");
  const last = marks[marks.length - 1];
  if (!last || last.startTime === measuredMark) return;
  measuredMark = last.startTime;
  requestAnimationFrame(() => {
    performance.measure(REPAINT_MEASURE, { start: last.startTime, end: performance.now() });
  });
}

export default function RevenueChart({ labels, current, previous, format, label }: RevenueChartProps) {
  const { ref, chart } = useEChart();

  // A layout effect: the new option is set in the same task as the commit, before the other
  // components' passive effects run.
  useLayoutEffect(() => {
    if (!chart) return;
    const series = [
      {
        name: current.name,
        type: "line" as const,
        data: current.values,
        smooth: false,
        showSymbol: labels.length <= 31,
        areaStyle: { opacity: 0.08 },
        lineStyle: { width: 2 },
        z: 2,
      },
    ];
    if (previous) {
      series.push({
        name: previous.name,
        type: "line" as const,
        data: previous.values,
        smooth: false,
        showSymbol: false,
        areaStyle: { opacity: 0 },
        lineStyle: { width: 1.5, type: "dashed" } as never,
        z: 1,
      });
    }
    // The first render after this option is the repaint the page's timing measures.
    chart.off("rendered");
    chart.on("rendered", () => {
      chart.off("rendered");
      measureRepaint();
    });
    chart.setOption(
      {
        // A new range or comparison is drawn at once: an animated update costs the repaint more
        // than it shows (the Overview's repaint benchmark in BENCHMARKS.md).
        animation: false,
        color: ["#228be6", "#adb5bd"],
        grid: { left: 8, right: 16, top: previous ? 36 : 16, bottom: 8, containLabel: true },
        legend: previous ? { show: true, top: 0, data: [current.name, previous.name] } : { show: false },
        tooltip: { trigger: "axis", valueFormatter: (value: unknown) => format(Number(value)) },
        xAxis: { type: "category", data: labels, boundaryGap: false },
        yAxis: { type: "value", axisLabel: { formatter: (value: number) => axisLabel(value) } },
        series,
      },
      // Only the series are replaced (the comparison adds or drops one); the rest is merged,
      // which keeps the update cheap.
      { replaceMerge: ["series"] },
    );
  }, [chart, labels, current, previous, format]);

  return <div ref={ref} role="img" aria-label={label} data-testid="revenue-chart" style={{ width: "100%", height: 280 }} />;
}
