// What the font slot shows besides its pickers: the weights the chosen family comes in (read
// from the core's font choices, never listed here), the stylesheet and CSS of a sample line in
// the chosen family and weight, and adding that stylesheet to the admin's page once.
import type { FontChoices, FontWeightOption } from "../../../core/theme";
import { fontWeightChoice } from "../../../core/theme";

/** The weights a family comes in, lightest first with their italics; none for another family. */
export function familyWeights(choices: FontChoices, family: string): FontWeightOption[] {
  return choices.families.find((choice) => choice.family === family)?.weights ?? [];
}

export interface FontSample {
  /** The font service's stylesheet of the family and weight (the address the core writes). */
  url: string;
  style: { fontFamily: string; fontWeight: number; fontStyle: "italic" | "normal" };
}

/** The sample line's stylesheet and CSS, or null until the family comes in the chosen weight. */
export function fontSample(choices: FontChoices, family: string, style: string): FontSample | null {
  const option = familyWeights(choices, family).find((weight) => weight.style === style);
  const choice = option ? fontWeightChoice(family, style) : null;
  if (!option || !choice) return null;
  return {
    url: choice.url,
    style: { fontFamily: `"${family}", sans-serif`, fontWeight: option.weight, fontStyle: option.italic ? "italic" : "normal" },
  };
}

/** Adds `<link rel="stylesheet" href=url>` to the page's head, unless it is there already. */
export function addStylesheet(url: string, doc: Document = document): void {
  const links = Array.from(doc.head.querySelectorAll('link[rel="stylesheet"]'));
  if (links.some((link) => link.getAttribute("href") === url)) return;
  const link = doc.createElement("link");
  link.setAttribute("rel", "stylesheet");
  link.setAttribute("href", url);
  doc.head.appendChild(link);
}
