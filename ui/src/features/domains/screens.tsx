// The domains' screen for the router.
import { type Screens, lazyScreen } from "../../lib/screens";

const DomainsPage = lazyScreen(() => import("./components/DomainsPage"), "DomainsPage");

export const screens: Screens = {
  named: { "website.domain": <DomainsPage /> },
};
