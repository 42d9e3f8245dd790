import { describe, expect, it } from "vitest";
import { keySchema as platformKeySchema, slugSchema as platformSlugSchema } from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import { addOwnerFormSchema, phaseFormSchema, subtaskFormSchema, taskFormSchema } from "./schema";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("taskFormSchema", () => {
  it("normalises the slug and refuses unsafe ones", () => {
    expect(taskFormSchema.parse({ slug: " GermEval-2019 ", title: "GermEval", description: "" }).slug).toBe("germeval-2019");
    const bad = taskFormSchema.safeParse({ slug: "-x y", title: "GermEval" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["slug"]);
  });
});

describe("subtaskFormSchema", () => {
  const base: [string, string][] = [
    ["key", "b"],
    ["name", "Subtask B"],
    ["taxonomyVersionId", "tax1"],
    ["maxDepth", ""],
    ["section", "b"],
    ["measuresShown[]", "flat.micro.f1"],
    ["measuresShown[]", "hc.f1"],
    ["primaryMeasure", "hc.mcc"],
    ["unknownLabels", "drop"],
    ["missingDocuments", "error"],
  ];
  it("reads a form: empty level cut is none, repeated measures are a list, the primary is always shown", () => {
    const parsed = subtaskFormSchema.parse(formDataToObject(form(base)));
    expect(parsed.maxDepth).toBeNull();
    expect(parsed.section).toBe("b");
    expect(parsed.measuresShown).toEqual(["hc.mcc", "flat.micro.f1", "hc.f1"]);
    expect(parsed.unknownLabels).toBe("drop");
  });
  it("reads the average-rank checkbox: on when ticked, off when absent", () => {
    expect(subtaskFormSchema.parse(formDataToObject(form(base))).showAverageRank).toBe(false);
    expect(subtaskFormSchema.parse(formDataToObject(form([...base, ["showAverageRank", "on"]]))).showAverageRank).toBe(true);
  });
  it("reads a level cut and refuses a bad one by field", () => {
    const withCut = base.map(([k, v]): [string, string] => (k === "maxDepth" ? [k, "1"] : [k, v]));
    expect(subtaskFormSchema.parse(formDataToObject(form(withCut))).maxDepth).toBe(1);
    const badCut = base.map(([k, v]): [string, string] => (k === "maxDepth" ? [k, "0.5"] : [k, v]));
    const result = subtaskFormSchema.safeParse(formDataToObject(form(badCut)));
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["maxDepth"]);
  });
  it("reads the bootstrap setting (off by default) and refuses a bad one by field", () => {
    expect(subtaskFormSchema.parse(formDataToObject(form(base))).bootstrap).toBe(0);
    expect(subtaskFormSchema.parse(formDataToObject(form([...base, ["bootstrap", "1000"]]))).bootstrap).toBe(1000);
    const result = subtaskFormSchema.safeParse(formDataToObject(form([...base, ["bootstrap", "-5"]])));
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "bootstrap: Resamples cannot be negative",
    ]);
  });
  it("refuses partial files unless the organiser accepts them", () => {
    const withoutPolicy = base.filter(([k]) => k !== "missingDocuments");
    expect(subtaskFormSchema.parse(formDataToObject(form(withoutPolicy))).missingDocuments).toBe("error");
  });
});

describe("phaseFormSchema", () => {
  const phase = {
    key: "test",
    name: "Test phase",
    startsAt: "2026-12-01T00:00",
    endsAt: "2026-12-15T12:00",
    visibility: "PRIVATE",
    dailyLimit: "3",
    totalLimit: "",
    rule: "LAST",
  };
  it("reads the window as UTC and empty limits as none", () => {
    const parsed = phaseFormSchema.parse(phase);
    expect(parsed.startsAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(parsed.endsAt.toISOString()).toBe("2026-12-15T12:00:00.000Z");
    expect(parsed.dailyLimit).toBe(3);
    expect(parsed.totalLimit).toBeNull();
  });
  it("refuses an end before the start, on the end field", () => {
    const result = phaseFormSchema.safeParse({ ...phase, endsAt: "2026-11-30T00:00" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["endsAt"]);
  });
  it("refuses a zero limit", () => {
    const result = phaseFormSchema.safeParse({ ...phase, dailyLimit: "0" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["dailyLimit"]);
  });
  it("reads blind from a checkbox, final runs and the end-date confirmation as numbers", () => {
    const plain = phaseFormSchema.parse(phase);
    expect(plain).toMatchObject({ blind: false, finalRuns: null, finalRunsBoard: "RUNS" });
    expect(plain.invalidateLater).toBeUndefined();
    expect(
      phaseFormSchema.parse({ ...phase, blind: "on", finalRuns: "3", finalRunsBoard: "TEAM_BEST", invalidateLater: "2" }),
    ).toMatchObject({
      blind: true,
      finalRuns: 3,
      finalRunsBoard: "TEAM_BEST",
      invalidateLater: 2,
    });
    expect(phaseFormSchema.safeParse({ ...phase, finalRuns: "0" }).error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "finalRuns",
    ]);
  });
  it("reads the descriptions deadline as a UTC time, empty as no deadline, and names a bad one", () => {
    expect(phaseFormSchema.parse(phase).descriptionsCloseAt).toBeNull();
    expect(phaseFormSchema.parse({ ...phase, descriptionsCloseAt: "2026-12-20 12:00" }).descriptionsCloseAt?.toISOString()).toBe(
      "2026-12-20T12:00:00.000Z",
    );
    const bad = phaseFormSchema.safeParse({ ...phase, descriptionsCloseAt: "next friday" });
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["descriptionsCloseAt", "Enter a UTC date and time, e.g. 2026-12-01T00:00, or leave it empty"],
    ]);
  });

  it("reads the public part of the test set as a percentage, empty for no split", () => {
    expect(phaseFormSchema.parse(phase).publicFraction).toBeNull();
    expect(phaseFormSchema.parse({ ...phase, publicFraction: "" }).publicFraction).toBeNull();
    expect(phaseFormSchema.parse({ ...phase, publicFraction: "30" }).publicFraction).toBe(0.3);
    for (const bad of ["0", "100", "-5", "thirty"]) {
      const issues = phaseFormSchema.safeParse({ ...phase, publicFraction: bad }).error?.issues;
      expect(issues?.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["publicFraction", `Enter a percentage above 0 and below 100, or leave it empty for no split (got ${bad})`],
      ]);
    }
  });
});

describe("formDataToObject", () => {
  it("skips Next's action fields and keeps files", () => {
    const data = form([
      ["$ACTION_ID_abc", ""],
      ["title", "x"],
    ]);
    data.set("file", new File(["a"], "a.txt"));
    const object = formDataToObject(data);
    expect(Object.keys(object).sort()).toEqual(["file", "title"]);
    expect(object.file).toBeInstanceOf(File);
  });
});

describe("addOwnerFormSchema", () => {
  it("normalises the email and names the field when it is not one", () => {
    expect(addOwnerFormSchema.parse({ email: " Ada@Example.TEST " }).email).toBe("ada@example.test");
    expect(addOwnerFormSchema.safeParse({ email: "ada" }).error?.issues[0]?.path).toEqual(["email"]);
  });
});

// The forms use the platform's own key rules, so a key the form accepts is one the platform stores.
// Before, the form allowed 1–40 characters without underscores for every key.
describe("keys and slugs follow the platform's rules", () => {
  const subtask = {
    name: "Subtask B",
    taxonomyVersionId: "tax1",
    maxDepth: "",
    "measuresShown[]": "hc.f1",
    primaryMeasure: "hc.f1",
  };
  const phase = {
    name: "Test",
    startsAt: "2026-12-01T00:00",
    endsAt: "2026-12-15T12:00",
    visibility: "PUBLIC",
    dailyLimit: "",
    totalLimit: "",
    rule: "BEST",
    key: "test",
  };
  const subtaskKey = (key: string) => subtaskFormSchema.safeParse(formDataToObject(form(Object.entries({ ...subtask, key })))).success;
  const slug = (value: string) => taskFormSchema.safeParse({ slug: value, title: "GermEval" }).success;

  it("refuses a 35-character key that the platform would refuse (the form used to accept it)", () => {
    const key = "k".repeat(35);
    expect(platformKeySchema.safeParse(key).success).toBe(false);
    expect(subtaskKey(key)).toBe(false);
    expect(phaseFormSchema.safeParse({ ...phase, key }).success).toBe(false);
  });

  it("accepts an underscore key that the platform accepts (the form used to refuse it)", () => {
    expect(platformKeySchema.safeParse("dev_set").success).toBe(true);
    expect(subtaskKey("dev_set")).toBe(true);
    expect(phaseFormSchema.parse({ ...phase, key: "Dev_Set" }).key).toBe("dev_set");
  });

  it("takes task slugs of 2–63 characters, like the platform (the form allowed 1–40)", () => {
    expect(slug("a")).toBe(false);
    expect(slug("a".repeat(50))).toBe(true);
    expect(slug("a".repeat(64))).toBe(false);
    for (const value of ["a", "ab", "a".repeat(50), "a".repeat(64), "x_y", "-ab"]) {
      expect(slug(value), value).toBe(platformSlugSchema.safeParse(value).success);
    }
  });

  it("still says which key is missing when the field is empty", () => {
    const result = phaseFormSchema.safeParse({ ...phase, key: " " });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["key", "Give the phase a key"]]);
  });
});
