// One ECharts instance on a div: created on mount, sized with its box, disposed on unmount.
// Only the chart modules import this, and they are loaded lazily, so ECharts never delays the
// page's first paint.
import type { EChartsType } from "echarts/core";
import { init } from "echarts/core";
import { useEffect, useRef, useState } from "react";

export function useEChart() {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: "canvas" });
    setChart(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, []);

  return { ref, chart };
}
