// Runs the shared test vectors (also run natively by `cargo test`) through the real WASM build.
import { describe, expect, it } from "vitest";
import greetingVectors from "../../../core-wasm/tests/vectors/greeting.json";
import loginVectors from "../../../core-wasm/tests/vectors/login.json";
import { checkLogin, fullName, greeting } from "./index";

describe("the WASM core gives the same answers as the native build", () => {
  it.each(greetingVectors)("greeting at $hour h for $firstName $lastName", (vector) => {
    expect(greeting(vector.hour, vector.firstName, vector.lastName)).toEqual(vector.expected);
  });

  it.each(loginVectors)("login form %#", (vector) => {
    expect(checkLogin(vector.input)).toEqual(vector.expected);
  });
});

describe("the WASM core's edges", () => {
  it("refuses an hour that is not of the day", () => {
    expect(() => greeting(24, "Ada", null)).toThrow("greeting.hourOutOfRange");
  });

  it("calls a nameless user User", () => {
    expect(fullName(undefined, "")).toBe("User");
  });
});
