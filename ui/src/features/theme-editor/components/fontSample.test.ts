// The font slot's helpers over the real WebAssembly core: each family offers only its own
// weights, the sample follows the chosen weight, and a stylesheet is added to the page once.
import { describe, expect, it } from "vitest";
import { fontChoices } from "../../../core/theme";
import { addStylesheet, familyWeights, fontSample } from "./fontSample";

/** Just enough of a document for `addStylesheet`: a head holding elements with attributes. */
function fakeDocument() {
  const children: Map<string, string>[] = [];
  const element = (attributes: Map<string, string>) => ({
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
  });
  const doc = {
    head: {
      querySelectorAll: (selector: string) => {
        expect(selector).toBe('link[rel="stylesheet"]');
        return children.filter((a) => a.get("rel") === "stylesheet").map(element);
      },
      appendChild: (link: { attributes: Map<string, string> }) => void children.push(link.attributes),
    },
    createElement: () => {
      const attributes = new Map<string, string>();
      return { attributes, ...element(attributes) };
    },
  };
  return { doc: doc as unknown as Document, children };
}

describe("font slot", () => {
  const choices = fontChoices();

  it("offers each family only the weights it comes in", () => {
    expect(choices.families).toHaveLength(16);
    expect(familyWeights(choices, "Alata")).toEqual([{ style: "400", label: "400 Regular", weight: 400, italic: false }]);
    const openSans = familyWeights(choices, "Open Sans").map((weight) => weight.style);
    expect(openSans).toContain("700italic");
    expect(openSans).not.toContain("900");
    expect(openSans[0]).toBe("300");
    expect(familyWeights(choices, "Quicksand").some((weight) => weight.italic)).toBe(false);
    expect(familyWeights(choices, "Comic Sans")).toEqual([]);
    for (const family of choices.families) expect(family.weights.length, family.family).toBeGreaterThan(0);
  });

  it("shows a sample in the chosen family and weight, and none for a weight the family lacks", () => {
    const sample = fontSample(choices, "Open Sans", "700italic");
    expect(sample).toEqual({
      url: "https://fonts.googleapis.com/css2?family=Open+Sans:ital,wght@1,700&display=swap",
      style: { fontFamily: '"Open Sans", sans-serif', fontWeight: 700, fontStyle: "italic" },
    });
    expect(fontSample(choices, "Be Vietnam Pro", "300")?.style.fontStyle).toBe("normal");
    expect(fontSample(choices, "Alata", "700")).toBeNull();
    expect(fontSample(choices, "Alata", "")).toBeNull();
    expect(fontSample(choices, "", "400")).toBeNull();
  });

  it("adds a stylesheet to the page once per address", () => {
    const { doc, children } = fakeDocument();
    const alata = "https://fonts.googleapis.com/css2?family=Alata:wght@400&display=swap";
    addStylesheet(alata, doc);
    addStylesheet(alata, doc);
    expect(children.map((a) => Object.fromEntries(a))).toEqual([{ rel: "stylesheet", href: alata }]);
    addStylesheet(fontSample(choices, "Roboto", "500")?.url ?? "", doc);
    expect(children).toHaveLength(2);
  });
});
