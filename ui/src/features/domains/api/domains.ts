// The domain calls: GET, POST and DELETE /stores/config/domains/, the checkout domain
// (POST /stores/config/update-domain-checkout) and the DNS check (POST /stores/admin/check-domain).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Domain } from "../../../types/generated/Domain";
import type { DomainCheck } from "../../../types/generated/DomainCheck";
import type { DomainList } from "../../../types/generated/DomainList";
import type { PendingDomain } from "../../../types/generated/PendingDomain";
import { useSession } from "../../../app/session";
import type { ListData } from "../../../components/records/ListPage";

function useKey() {
  const storeId = useSession((state) => state.storeId);
  return { storeId, key: ["domains", storeId] };
}

/** The store's domains as a list page's rows, with whether its plan includes own domains. */
export interface DomainRows extends ListData<Domain> {
  ownDomains: boolean;
  ownDomainsPlan: string | null;
}

export function useDomains() {
  const { storeId, key } = useKey();
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<DomainRows> => {
      const list = await api<DomainList>("/stores/config/domains/", { signal });
      return { rows: list.domains, total: list.domains.length, ownDomains: list.ownDomains, ownDomainsPlan: list.ownDomainsPlan ?? null };
    },
    enabled: Boolean(storeId),
  });
}

export function useAddDomain() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (host: string) => api<Domain>("/stores/config/domains/", { method: "POST", body: { host, years: null } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveDomain() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/stores/config/domains/?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useCheckoutDomain() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (domainId: string) => api<DomainList>("/stores/config/update-domain-checkout", { method: "POST", body: { domainId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useCheckDomain() {
  const client = useQueryClient();
  const { storeId, key } = useKey();
  return useMutation({
    mutationFn: (domain: string) => api<DomainCheck>("/stores/admin/check-domain", { method: "POST", body: { domain, storeId } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Domain purchases waiting for the registrar. */
export function usePendingDomains() {
  const storeId = useSession((state) => state.storeId);
  return useQuery({
    queryKey: ["domains", storeId, "pending"],
    queryFn: ({ signal }) => api<PendingDomain[]>("/stores/config/pending-domains", { signal }),
    enabled: Boolean(storeId),
  });
}

export function useBuyDomain() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (input: { host: string; years: number }) => api<PendingDomain>("/stores/config/buy-domains", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useCancelPurchase() {
  const client = useQueryClient();
  const { key } = useKey();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/stores/config/pending-domain?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
