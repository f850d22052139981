// The texts of the global success and error events (shell.md §8).
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { errorText } from "./errors";
import { successText } from "./events";

describe("global events", () => {
  it("joins the server's messages of an answer", () => {
    expect(successText({ messages: ["Saved.", "Sent to 2 staff."] })).toBe("Saved.\nSent to 2 staff.");
    expect(successText({ message: "ana@example.com has been signed out." })).toBe("ana@example.com has been signed out.");
  });

  it("says Success when the answer has no message", () => {
    expect(successText({ id: "t1", name: "Hydro" })).toBe("Success");
    expect(successText(null)).toBe("Success");
    expect(successText({ message: "" })).toBe("Success");
  });

  it("joins the server's error messages, or says Oops! Unknown error!", () => {
    expect(errorText(new ApiError(409, ["This payout is paid already.", "Reload the page."]))).toBe("This payout is paid already.\nReload the page.");
    expect(errorText(new ApiError(500, []))).toBe("Oops! Unknown error!");
    expect(errorText(new Error("boom"))).toBe("Oops! Unknown error!");
  });
});
