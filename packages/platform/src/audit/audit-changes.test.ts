import { describe, expect, it } from "vitest";
import { readableAudit } from "./audit-changes.ts";

describe("readableAudit", () => {
  it("lists only the fields that changed, dates in UTC", () => {
    const details = {
      before: { name: "Test", endsAt: "2026-11-26T00:00:00.000Z", blind: false, dailyLimit: 3 },
      after: { name: "Test", endsAt: "2026-11-23T00:00:00.000Z", blind: true, dailyLimit: null },
      invalidatedSubmissions: 1,
    };
    expect(readableAudit(details)).toEqual({
      changes: [
        { field: "endsAt", before: "2026-11-26 00:00 UTC", after: "2026-11-23 00:00 UTC" },
        { field: "blind", before: "no", after: "yes" },
        { field: "dailyLimit", before: "3", after: "none" },
      ],
      notes: [{ key: "invalidatedSubmissions", value: "1" }],
    });
  });

  it("keeps a one-sided record, and names ids it knows", () => {
    const names = new Map([["team_1", "Team Tariq"]]);
    expect(readableAudit({ before: { title: "Old" }, teamId: "team_1", taskId: "unknown" }, names)).toEqual({
      changes: [{ field: "title", before: "Old" }],
      notes: [
        { key: "team", value: "Team Tariq" },
        { key: "taskId", value: "unknown" },
      ],
    });
  });

  it("reads nothing from a non-object", () => {
    expect(readableAudit(null)).toEqual({ changes: [], notes: [] });
  });
});
