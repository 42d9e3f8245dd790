#!/usr/bin/env node
// Plain JavaScript so that Node starts it without a loader; it registers tsx, then runs the CLI.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
