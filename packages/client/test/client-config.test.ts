import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_URL, resolveConfig } from "../src/client-config.ts";

function configFile(text: string, mode: number): string {
  const path = join(mkdtempSync(join(tmpdir(), "hierboard-client-")), "config.json");
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe("resolveConfig", () => {
  it("reads url and token from a 0600 config file", () => {
    const path = configFile(JSON.stringify({ url: "https://board.example.org/", token: "hb_file" }), 0o600);
    expect(resolveConfig({ HIERBOARD_CONFIG: path })).toEqual({ url: "https://board.example.org", token: "hb_file" });
  });

  it("lets HIERBOARD_URL and HIERBOARD_TOKEN win over the file", () => {
    const path = configFile(JSON.stringify({ url: "https://file.example.org", token: "hb_file" }), 0o600);
    expect(resolveConfig({ HIERBOARD_CONFIG: path, HIERBOARD_URL: "http://127.0.0.1:4300", HIERBOARD_TOKEN: "hb_env" })).toEqual({
      url: "http://127.0.0.1:4300",
      token: "hb_env",
    });
  });

  it("falls back to the local server and no token without a file", () => {
    const dir = mkdtempSync(join(tmpdir(), "hierboard-client-"));
    expect(resolveConfig({ XDG_CONFIG_HOME: dir })).toEqual({ url: DEFAULT_URL, token: null });
  });

  it("refuses a token in a file others can read, naming the mode and the fix", () => {
    const path = configFile(JSON.stringify({ token: "hb_file" }), 0o644);
    expect(() => resolveConfig({ HIERBOARD_CONFIG: path })).toThrow(ConfigError);
    expect(() => resolveConfig({ HIERBOARD_CONFIG: path })).toThrow(`mode 0644); expected mode 0600: chmod 600 ${path}`);
  });

  it("says what it expected of a malformed file", () => {
    expect(() => resolveConfig({ HIERBOARD_CONFIG: configFile("{url:", 0o600) })).toThrow(/expected JSON such as/);
    expect(() => resolveConfig({ HIERBOARD_CONFIG: configFile("[1]", 0o600) })).toThrow(/expected a JSON object .* found an array/);
    expect(() => resolveConfig({ HIERBOARD_CONFIG: configFile('{"token": 5}', 0o600) })).toThrow(
      /expected "token" to be a string, found number/,
    );
  });

  it("refuses a server address that is not an http(s) URL", () => {
    const env = { HIERBOARD_CONFIG: "/nonexistent/config.json" };
    expect(() => resolveConfig({ ...env, HIERBOARD_URL: "board.example.org" })).toThrow(/found "board.example.org"/);
    expect(() => resolveConfig({ ...env, HIERBOARD_URL: "ftp://board.example.org" })).toThrow(/https:\/\/ or http:\/\//);
  });
});
