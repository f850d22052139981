// JSON-pointer helpers and the list a path names. Which list command edits which path is the
// wire layout of the config (shared-types' `ListRef`), mirrored here only to pick the command;
// every limit and default of those lists stays in the core.
import type { ListRef } from "../../../core/theme";

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function join(path: string, segment: string | number): string {
  return `${path}/${escapeSegment(String(segment))}`;
}

export function segmentsOf(path: string): string[] {
  return path
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The path of a section's settings: homepage sections, or the fixed page's header and footer. */
export function sectionSettingsPath(key: string, fixed: boolean): string {
  return `/pages/${fixed ? "fixed" : "homepage"}/sections/${escapeSegment(key)}/settings`;
}

/** The list command target of a path, if the path is a list the list commands edit. */
export function listRefAt(path: string): ListRef | null {
  const s = segmentsOf(path);
  const tail = (n: number) => s.slice(n).join("/");
  if (s[0] === "pages" && s[2] === "sections" && s[4] === "settings" && s[3]) {
    const section = s[3];
    switch (tail(5)) {
      case "blocks":
        return { list: "sectionBlocks", section };
      case "content/desktop":
        return { list: "slides", section, device: "desktop" };
      case "content/mobile":
        return { list: "slides", section, device: "mobile" };
      case "content/blocks":
        return { list: "flashDealBlocks", section };
      case "detail/blocks":
        return { list: "flashDealDetail", section };
      case "collectionStart/blocks":
        return { list: "collectionStart", section };
      case "collectionEnd/blocks":
        return { list: "collectionEnd", section };
      case "infoWithIcon":
        return { list: "footerInfo" };
      case "iconPayments":
        return { list: "paymentIcons" };
      default:
        return null;
    }
  }
  switch (tail(0)) {
    case "settings/product/tabs-detail":
      return { list: "productTabs" };
    case "settings/product/setting_description":
      return { list: "descriptionTabs" };
    case "settings/thankpage/steps/settings/blocks":
      return { list: "thankYouSteps" };
    case "settings/thankpage/delivery_policies/settings/blocks":
      return { list: "deliveryPolicies" };
    case "settings/element/search/suggestion_list":
      return { list: "suggestions" };
    default:
      return null;
  }
}
