// A field for an amount of money, typed as a person types it. The form keeps a number, but the
// field keeps the text while it is being typed: with the number alone, "19." would show as "19"
// and the next key would make 195, not 19.5. The field takes any decimals; whether the store's
// currency has them (none for yen, three for dinars) is the core's verdict, said under the form.
import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useState } from "react";

type Props = Omit<NumberInputProps, "value" | "onChange" | "decimalScale"> & {
  /** The amount, or nothing while the field is empty. */
  value: number | undefined;
  /** The amount as typed, or `undefined` while the field is empty or not a number yet. */
  onValue: (value: number | undefined) => void;
};

function parsed(text: string | number): number | undefined {
  if (typeof text === "number") return Number.isFinite(text) ? text : undefined;
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function MoneyInput({ value, onValue, ...props }: Props) {
  const [text, setText] = useState<string | number>(value ?? "");
  // The text typed while it still means the form's amount (or an empty field the form reads as
  // 0); else the amount set from outside (a reset, the saved product).
  const typed = parsed(text);
  const same = typed === value || (typed === undefined && (value === undefined || value === 0));
  return (
    <NumberInput
      {...props}
      value={same ? text : (value ?? "")}
      onChange={(next) => {
        setText(next);
        onValue(parsed(next));
      }}
    />
  );
}
