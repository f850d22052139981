// A postal address as an envelope writes it (the order page's and the customer page's), the
// country by the name the core gives its code.
import { Stack, Text } from "@mantine/core";
import { shippingCountryName } from "../../core";
import type { Address } from "../../types/generated/Address";

export function AddressLines({ address }: { address: Address }) {
  const place = [address.city, address.region, address.postcode].filter(Boolean).join(", ");
  return (
    <Stack gap={0}>
      {[address.name, address.line1, address.line2, place, shippingCountryName(address.country), address.phone].filter(Boolean).map((text, index) => (
        <Text key={index} size="sm" fw={index === 0 ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
          {text}
        </Text>
      ))}
    </Stack>
  );
}
