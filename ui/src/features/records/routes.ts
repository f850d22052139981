// The record kinds by their list's route name, and whether a record opens for editing (else
// each one is an action kept as history). The router reads this small table to lay out the
// routes without loading the kinds' screens; kinds.test.ts checks it against kinds.tsx.
export const recordRoutes: Record<string, { editable: boolean }> = {
  "website.sizechart": { editable: true },
  "website.menufilter": { editable: true },
  "website.apps.product-review.list": { editable: true },
  "website.catalog": { editable: true },
  "website.product-feeds": { editable: true },
  "website.clearCacheUrls": { editable: false },
  "website.bulkupdates": { editable: false },
};
