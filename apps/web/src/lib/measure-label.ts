import { measureInfo } from "@hierboard/metrics";

/** The engine registry's display name for a measure key (`hc.f1` → `HC-F1`); the key itself if unknown. */
export function measureLabel(key: string): string {
  return measureInfo(key)?.label ?? key;
}
