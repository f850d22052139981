// One choice among a few (a report's range, its grouping): buttons side by side where they fit,
// a drop-down on a phone, where five Vietnamese labels side by side would be wider than the screen.
import { NativeSelect, SegmentedControl } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { CSSProperties } from "react";
import { shellConstants } from "../core";

export interface ChoiceOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function Choice({
  label,
  value,
  onChange,
  data,
  style,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: ChoiceOption[];
  style?: CSSProperties;
}) {
  const phone = useMediaQuery(`(max-width: ${shellConstants.mobileBreakpointPx}px)`) ?? false;
  if (phone) {
    return (
      <NativeSelect
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={data}
        style={{ ...style, maxWidth: "100%" }}
      />
    );
  }
  return <SegmentedControl aria-label={label} value={value} onChange={onChange} data={data} style={style} />;
}
