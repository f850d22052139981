// HTML from the server shown as React elements through an allow-list, never as raw markup.
// The server cleans what it sends (ammonia); this is the second wall: the HTML is parsed in an
// inert document (scripts do not run, images do not load), and only the tags below, with only
// safe link addresses, become elements. Everything else keeps its text or is dropped.
import { Fragment, type ReactNode, createElement } from "react";

/** The tags kept; any other element keeps only its text (script and style not even that). */
const TAGS = new Set(["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "u", "br", "a", "blockquote", "code"]);
const DROPPED = new Set(["script", "style", "template", "iframe", "object", "embed", "noscript", "svg", "math"]);

/** Whether a link address is safe to follow: http(s), mailto, or relative. */
export function isSafeHref(href: string): boolean {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return true;
  // No scheme at all (a relative address); "javascript:" and the like have one.
  // Browsers ignore tabs, newlines and other control characters inside a scheme.
  const squeezed = Array.from(trimmed)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join("");
  return !/^[a-z][a-z0-9+.-]*:/i.test(squeezed);
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes).map((child, index) => convert(child, index));
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === "br") return createElement("br", { key });
  if (tag === "a") {
    const href = element.getAttribute("href") ?? "";
    if (!isSafeHref(href)) return createElement(Fragment, { key }, ...children);
    return createElement("a", { key, href, target: "_blank", rel: "noopener noreferrer nofollow" }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** The allowed part of `html` as React nodes. */
export function safeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return Array.from(doc.body.childNodes).map((child, index) => convert(child, index));
}
