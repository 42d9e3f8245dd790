import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where the command finds the server and the API token. */
export interface ClientConfig {
  url: string;
  token: string | null;
}

/** `pnpm start`'s address, used when neither HIERBOARD_URL nor the config file names a server. */
export const DEFAULT_URL = "http://127.0.0.1:3000";

/** `$HIERBOARD_CONFIG`, else `$XDG_CONFIG_HOME/hierboard/config.json`, else `~/.config/hierboard/config.json`. */
export function configFilePath(env: NodeJS.ProcessEnv): string {
  if (env.HIERBOARD_CONFIG) return env.HIERBOARD_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "hierboard", "config.json");
}

export class ConfigError extends Error {}

function readConfigFile(path: string): { url?: string; token?: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`${path}: cannot be read (${(error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `${path}: expected JSON such as {"url": "https://…", "token": "…"}, found invalid JSON (${(error as Error).message})`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(
      `${path}: expected a JSON object with "url" and "token", found ${Array.isArray(parsed) ? "an array" : typeof parsed}`,
    );
  }
  const { url, token } = parsed as Record<string, unknown>;
  for (const [key, value] of [
    ["url", url],
    ["token", token],
  ] as const) {
    if (value !== undefined && typeof value !== "string")
      throw new ConfigError(`${path}: expected "${key}" to be a string, found ${typeof value}`);
  }
  if (typeof token === "string") {
    // A token readable by other accounts is a leaked token: refuse it rather than use it.
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) {
      throw new ConfigError(
        `${path}: holds an API token but is readable by others (mode ${mode.toString(8).padStart(4, "0")}); expected mode 0600: chmod 600 ${path}`,
      );
    }
  }
  return { url: url as string | undefined, token: token as string | undefined };
}

/** HIERBOARD_URL and HIERBOARD_TOKEN win over the config file. */
export function resolveConfig(env: NodeJS.ProcessEnv): ClientConfig {
  const file = readConfigFile(configFilePath(env));
  const rawUrl = env.HIERBOARD_URL || file.url || DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ConfigError(
      `expected the server address (HIERBOARD_URL or "url" in the config file) to be a URL such as https://hierboard.example.org, found "${rawUrl}"`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(`expected the server address to start with https:// or http://, found "${rawUrl}"`);
  }
  return { url: url.toString().replace(/\/+$/, ""), token: env.HIERBOARD_TOKEN || file.token || null };
}
