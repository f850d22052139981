// The screens' preloading: the router starts a screen's chunk from the element at the address,
// however deep the lazy screen sits in it (behind the permission gate), and only that screen's.
import { type ReactNode, Suspense, createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyScreen, preloadScreens } from "./screens";

function Gate({ children }: { children: ReactNode }) {
  return children;
}

function Placeholder() {
  return null;
}

describe("preloadScreens", () => {
  it("fetches the chunk of every lazy screen in the element, and of no other", () => {
    const load = vi.fn(() => Promise.resolve({ Orders: Placeholder }));
    const other = vi.fn(() => Promise.resolve({ Products: Placeholder }));
    const Orders = lazyScreen(load, "Orders");
    lazyScreen(other, "Products");
    preloadScreens(createElement(Gate, null, createElement(Suspense, null, createElement(Orders))));
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it("leaves a chunk that fails to the screen's own load", async () => {
    const failing = vi.fn((): Promise<{ Broken: typeof Placeholder }> => Promise.reject(new Error("offline")));
    const Broken = lazyScreen(failing, "Broken");
    expect(() => preloadScreens(createElement(Broken))).not.toThrow();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("ignores what is not an element", () => {
    expect(() => preloadScreens("text")).not.toThrow();
    expect(() => preloadScreens(null)).not.toThrow();
  });
});
