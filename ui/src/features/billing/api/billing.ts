// The calls of the Payment gateway screen (/stores/payout/proxy/*, shell.md §7) and of the plan
// page (/stores/subscription*). Every gateway query key starts with "proxies", the key of the
// shell's gateway check, so a change refreshes the payment-gateway notice at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shellConstants } from "../../../core";
import { api } from "../../../lib/api";
import type { EnableRef } from "../../../types/generated/EnableRef";
import type { MessageResponse } from "../../../types/generated/MessageResponse";
import type { Plan } from "../../../types/generated/Plan";
import type { Proxy } from "../../../types/generated/Proxy";
import type { ProxyGroup } from "../../../types/generated/ProxyGroup";
import type { ProxyPage } from "../../../types/generated/ProxyPage";
import type { Subscription } from "../../../types/generated/Subscription";
import { useSession } from "../../../app/session";

const BASE = "/stores/payout/proxy";

function useStoreId() {
  return useSession((state) => state.storeId);
}

function useGatewayQuery<T>(key: string[], path: string) {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["proxies", storeId, ...key],
    queryFn: ({ signal }) => api<T>(path, { signal }),
    enabled: Boolean(storeId),
  });
}

/** GET get-store-proxies: a page of the gateways the store uses (the spec's limit, 10). */
export function useStoreProxyPage(page: number) {
  const storeId = useStoreId() ?? "";
  const query = new URLSearchParams({ limit: String(shellConstants.proxyListLimit), page: String(page), storeId });
  return useGatewayQuery<ProxyPage>(["page", String(page)], `${BASE}/get-store-proxies?${query.toString()}`);
}

/** GET store-proxies: every gateway the store uses. */
export const useAllStoreProxies = () => useGatewayQuery<Proxy[]>(["all"], `${BASE}/store-proxies`);
/** GET remain-proxies: the gateways the store does not use yet. */
export const useRemainProxies = () => useGatewayQuery<Proxy[]>(["remain"], `${BASE}/remain-proxies`);
/** GET list-groups: every group. */
export const useGroups = () => useGatewayQuery<ProxyGroup[]>(["groups"], `${BASE}/list-groups`);
/** GET store-groups: the groups the store has added. */
export const useStoreGroups = () => useGatewayQuery<ProxyGroup[]>(["store-groups"], `${BASE}/store-groups`);
/** GET list-proxies-groups: every group with its gateways. */
export const useProxiesGroups = () => useGatewayQuery<ProxyGroup[]>(["proxies-groups"], `${BASE}/list-proxies-groups`);
/** GET remain-group-proxies: the gateways of a group the store does not use yet. */
export const useRemainGroupProxies = (groupId: string) =>
  useGatewayQuery<Proxy[]>(["remain-group", groupId], `${BASE}/remain-group-proxies?groupId=${encodeURIComponent(groupId)}`);

/** A change of the store's gateways; afterwards every gateway query is read again, the shell's
 * payment-gateway check among them. */
function useGatewayChange<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: ["proxies"] }),
  });
}

/** POST add-store-group. */
export const useAddGroup = () => useGatewayChange((groupId: string) => api<MessageResponse>(`${BASE}/add-store-group`, { method: "POST", body: { groupId } }));
/** POST remove-store-group. */
export const useRemoveGroup = () =>
  useGatewayChange((groupId: string) => api<MessageResponse>(`${BASE}/remove-store-group`, { method: "POST", body: { groupId } }));
/** POST save-store-proxies: the store's whole choice. */
export const useSaveProxies = () =>
  useGatewayChange((proxyIds: string[]) => api<Proxy[]>(`${BASE}/save-store-proxies`, { method: "POST", body: { proxyIds } }));
/** POST group/{id}: the store's choice among one group's gateways. */
export const useSaveGroupProxies = () =>
  useGatewayChange(({ groupId, proxyIds }: { groupId: string; proxyIds: string[] }) =>
    api<Proxy[]>(`${BASE}/group/${encodeURIComponent(groupId)}`, { method: "POST", body: { proxyIds } }),
  );

/** GET /stores/subscription/plans. */
export function usePlans() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["plans", storeId],
    queryFn: ({ signal }) => api<Plan[]>("/stores/subscription/plans", { signal }),
    enabled: Boolean(storeId),
  });
}

/** GET /stores/public/onlinestore/themes/page: the enable-ref check (the first item's
 * enableRef and isVip). */
export function useEnableRef() {
  const storeId = useStoreId();
  return useQuery({
    queryKey: ["enable-ref", storeId],
    queryFn: async ({ signal }) => (await api<EnableRef[]>("/stores/public/onlinestore/themes/page", { signal }))[0] ?? null,
    enabled: Boolean(storeId),
  });
}

/** A change of plan: the subscription (the trial banner) and the enable-ref check follow. */
function usePlanChange<V>(call: (vars: V) => Promise<Subscription>) {
  const client = useQueryClient();
  const storeId = useStoreId();
  return useMutation({
    mutationFn: call,
    onSuccess: (subscription) => client.setQueryData(["subscription", storeId], subscription),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ["subscription"] }), client.invalidateQueries({ queryKey: ["enable-ref"] })]),
  });
}

/** PUT /stores/subscription (owner only). */
export const useChoosePlan = () => usePlanChange((planCode: string) => api<Subscription>("/stores/subscription", { method: "PUT", body: { planCode } }));
/** DELETE /stores/subscription (owner only): back to the free plan. */
export const useCancelPlan = () => usePlanChange(() => api<Subscription>("/stores/subscription", { method: "DELETE" }));
