import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@hierboard/platform";
import { actionAs, guardedAction } from "./action";

const nameForm = z.object({ name: z.string().min(2, "too short") });
const signedIn = async () => ({ id: "user-1" });
const nobody = async () => null;

describe("guardedAction", () => {
  it("returns what run returns, with the parsed data", async () => {
    const result = await guardedAction(
      () => nameForm.parse({ name: "Ada" }),
      async ({ name }) => ({ ok: true, data: name.toUpperCase() }),
    );
    expect(result).toEqual({ ok: true, data: "ADA" });
  });

  it("turns a parse error into INVALID_INPUT naming the field, and does not run", async () => {
    const run = vi.fn();
    const result = await guardedAction(() => nameForm.parse({ name: "x" }), run);
    expect(result).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      message: "name: too short",
      issues: [{ field: "name", message: "too short" }],
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("keeps an AppError's code and message", async () => {
    const result = await guardedAction(
      () => undefined,
      async () => {
        throw new AppError("CONFLICT", "That name is taken.");
      },
    );
    expect(result).toMatchObject({ ok: false, code: "CONFLICT", message: "That name is taken." });
  });

  it("hides an unexpected error behind INTERNAL", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await guardedAction(
      () => undefined,
      async () => {
        throw new Error("connection refused to 10.0.0.3");
      },
    );
    expect(result).toEqual({ ok: false, code: "INTERNAL", message: "Something went wrong on our side.", issues: [] });
    log.mockRestore();
  });
});

describe("actionAs", () => {
  it("passes the signed-in user's id to run", async () => {
    const result = await actionAs(
      signedIn,
      () => 3,
      async (n, userId) => ({ ok: true, message: `${userId} × ${n}` }),
    );
    expect(result).toEqual({ ok: true, message: "user-1 × 3" });
  });

  it("answers UNAUTHENTICATED when nobody is signed in, without running", async () => {
    const run = vi.fn();
    const result = await actionAs(nobody, () => undefined, run);
    expect(result).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(run).not.toHaveBeenCalled();
  });

  it("checks the input before asking who is asking", async () => {
    const whoIsAsking = vi.fn(signedIn);
    const result = await actionAs(whoIsAsking, () => nameForm.parse({}), vi.fn());
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(whoIsAsking).not.toHaveBeenCalled();
  });
});
