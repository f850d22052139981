// The doughnut of "Online store visits by location" (editor-and-analytics.md §2.1, §9): one
// slice per country, the hole 75 percent of the radius. ECharts from `echarts/core` with only
// the pie chart and tooltip; loaded lazily by the panel.
import { PieChart } from "echarts/charts";
import { TooltipComponent } from "echarts/components";
import { use as register } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect } from "react";
import { shellConstants } from "../../../core";
import { useEChart } from "./useEChart";

register([PieChart, TooltipComponent, CanvasRenderer]);

/** The outer radius, in percent of the box; the cutout is the core's share of it. */
const OUTER = 90;
const CUTOUT = shellConstants.locationsCutoutPercent / 100;

export interface LocationSlice {
  name: string;
  value: number;
  color: string;
}

export default function LocationsChart({ slices, label }: { slices: LocationSlice[]; label: string }) {
  const { ref, chart } = useEChart();

  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        animationDuration: 300,
        tooltip: { trigger: "item" },
        series: [
          {
            type: "pie",
            radius: [`${OUTER * CUTOUT}%`, `${OUTER}%`],
            avoidLabelOverlap: true,
            label: { show: false },
            data: slices.map((slice) => ({ name: slice.name, value: slice.value, itemStyle: { color: slice.color } })),
          },
        ],
      },
      { notMerge: true },
    );
  }, [chart, slices]);

  return <div ref={ref} role="img" aria-label={label} data-testid="locations-chart" style={{ width: "100%", height: 220 }} />;
}
