// The payout calls: balance, cards (GET/POST /stores/payout/card/, PATCH/DELETE .../{id}),
// payout requests (POST /stores/payout/v2/payout-request with an Idempotency-Key, GET
// /stores/payout/request-payouts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Balance } from "../../../types/generated/Balance";
import type { NewCard } from "../../../types/generated/NewCard";
import type { PayoutCard } from "../../../types/generated/PayoutCard";
import type { PayoutConfig } from "../../../types/generated/PayoutConfig";
import type { PayoutConfigInput } from "../../../types/generated/PayoutConfigInput";
import type { PayoutRequest } from "../../../types/generated/PayoutRequest";
import type { PayoutRequestInput } from "../../../types/generated/PayoutRequestInput";
import type { PayoutRequestPage } from "../../../types/generated/PayoutRequestPage";
import type { TestMode } from "../../../types/generated/TestMode";
import type { TestModeInput } from "../../../types/generated/TestModeInput";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

function useKey() {
  const storeId = useSession((state) => state.storeId);
  return { storeId, key: ["payouts", storeId] as const };
}

export function useBalanceDetail() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "balance"],
    queryFn: ({ signal }) => api<Balance>("/stores/payout/v2/balance", { signal }),
    enabled: Boolean(storeId),
  });
}

export function useCards() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "cards"],
    queryFn: async ({ signal }): Promise<ListData<PayoutCard>> => {
      const cards = await api<PayoutCard[]>("/stores/payout/card/", { signal });
      return { rows: cards, total: cards.length };
    },
    enabled: Boolean(storeId),
  });
}

export function usePayoutRequests(page: number, limit: number) {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "requests", page],
    queryFn: async ({ signal }): Promise<ListData<PayoutRequest>> => {
      const list = await api<PayoutRequestPage>(`/stores/payout/request-payouts?page=${page}&limit=${limit}`, { signal });
      return { rows: list.requests, total: list.total };
    },
    enabled: Boolean(storeId),
  });
}

function usePayoutMutation<A, R>(call: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ["balance"] });
    },
  });
}

export function useAddCard() {
  return usePayoutMutation((card: NewCard) => api<PayoutCard>("/stores/payout/card/", { method: "POST", body: card }));
}

export function useMakeDefault() {
  return usePayoutMutation((id: string) =>
    api<PayoutCard>(`/stores/payout/card/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: { holder: null, expMonth: null, expYear: null, isDefault: true },
    }),
  );
}

export function useRemoveCard() {
  return usePayoutMutation((id: string) => api<unknown>(`/stores/payout/card/${encodeURIComponent(id)}`, { method: "DELETE" }));
}

/** A payout request; the same key is sent again on a retry, so a payout is never asked twice. */
export function useRequestPayout() {
  return usePayoutMutation(({ input, key }: { input: PayoutRequestInput; key: string }) =>
    api<PayoutRequest>("/stores/payout/v2/payout-request", { method: "POST", body: input, headers: { "Idempotency-Key": key } }),
  );
}

/** The store's payout settings, `null` until saved once. */
export function usePayoutConfig() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "config"],
    queryFn: ({ signal }) => api<PayoutConfig | null>("/stores/payout/config", { signal }),
    enabled: Boolean(storeId),
  });
}

/** Saves the payout settings: created the first time, replaced after. */
export function useSavePayoutConfig() {
  return usePayoutMutation(({ id, input }: { id: string | null; input: PayoutConfigInput }) =>
    id
      ? api<PayoutConfig>(`/stores/payout/config/${encodeURIComponent(id)}`, { method: "PATCH", body: input })
      : api<PayoutConfig>("/stores/payout/config", { method: "POST", body: input }),
  );
}

/** GET /stores/settings/test-mode: whether the checkout takes test orders, and whether the store
 * has a payment gateway. */
export function useTestMode() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: [...key, "test-mode"],
    queryFn: ({ signal }) => api<TestMode>("/stores/settings/test-mode", { signal }),
    enabled: Boolean(storeId),
  });
}

/** PUT /stores/settings/test-mode. */
export function useSetTestMode() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (input: TestModeInput) => api<TestMode>("/stores/settings/test-mode", { method: "PUT", body: input }),
    onSuccess: (saved) => client.setQueryData([...key, "test-mode"], saved),
  });
}
