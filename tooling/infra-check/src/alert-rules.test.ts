// infra/prometheus/alerts.yml: the paging alerts of docs/operations.md. No Prometheus runs here,
// so: the file's structure is that of a Prometheus rule file, every series an expression names
// is one HierBoard exports (documented in docs/operations.md), the document carries the same
// rules, and `promtool check rules` passes when promtool is installed.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readRepoFile, repoPath } from "./repo-files.ts";

interface Rule {
  alert?: string;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

const rulesText = readRepoFile("infra/prometheus/alerts.yml");
const rules = parse(rulesText) as { groups?: { name?: unknown; rules?: Rule[] }[] };
const operations = readRepoFile("docs/operations.md");
const allRules = (rules.groups ?? []).flatMap((g) => g.rules ?? []);

/** Metric names in a PromQL expression: identifiers that start with hierboard_. */
function seriesIn(expr: string): string[] {
  return [...new Set([...expr.matchAll(/\b(hierboard_[a-z0-9_]+)/g)].map((m) => m[1]!))];
}

describe("alert rules", () => {
  it("is a Prometheus rule file with the three paging alerts", () => {
    expect(Array.isArray(rules.groups)).toBe(true);
    for (const group of rules.groups!) {
      expect(typeof group.name).toBe("string");
      expect(Array.isArray(group.rules)).toBe(true);
    }
    expect(allRules.map((r) => r.alert).sort()).toEqual([
      "HierBoardHighErrorRate",
      "HierBoardNoScoringWorker",
      "HierBoardOldestQueuedSubmissionTooOld",
    ]);
    for (const rule of allRules) {
      expect(typeof rule.expr, rule.alert).toBe("string");
      expect(String(rule.for), rule.alert).toMatch(/^\d+[smh]$/);
      expect(rule.labels?.severity, rule.alert).toBe("page");
      expect(typeof rule.annotations?.summary, rule.alert).toBe("string");
      expect(Object.keys(rule).sort(), rule.alert).toEqual(["alert", "annotations", "expr", "for", "labels"]);
      // Balanced brackets: a cheap syntax check that needs no PromQL parser.
      const expr = String(rule.expr);
      for (const [open, close] of [
        ["(", ")"],
        ["{", "}"],
        ["[", "]"],
      ] as const) {
        expect(expr.split(open).length, `${rule.alert}: ${open}${close}`).toBe(expr.split(close).length);
      }
    }
  });

  it("names only series HierBoard exports, each documented in docs/operations.md", () => {
    for (const rule of allRules) {
      for (const series of seriesIn(String(rule.expr))) {
        const base = series.replace(/_(count|sum|bucket)$/, "");
        expect(operations, `${rule.alert} uses ${series}`).toContain(`\`${base}\``);
      }
    }
  });

  it("is the rule file docs/operations.md shows", () => {
    const block = /```yaml\n# infra\/prometheus\/alerts\.yml\n([\s\S]*?)```/.exec(operations)?.[1];
    expect(block, "docs/operations.md has a ```yaml block starting with # infra/prometheus/alerts.yml").toBeDefined();
    expect(parse(block!)).toEqual(rules);
  });

  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  if (!promtool) console.log("promtool check skipped: promtool is not installed (Debian: apt-get install prometheus)");
  it.skipIf(!promtool)("passes promtool check rules", () => {
    const result = spawnSync("promtool", ["check", "rules", repoPath("infra/prometheus/alerts.yml")], { encoding: "utf8" });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  });
  it.skipIf(!promtool)("fires each alert on a made-up history and not on a healthy one (promtool test rules)", () => {
    const result = spawnSync("promtool", ["test", "rules", repoPath("infra/prometheus/alerts.test.yml")], { encoding: "utf8" });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  });
});
