#!/usr/bin/env node
// The installed command: the bundled client (`pnpm build` writes dist/).
import "../dist/bin.mjs";
