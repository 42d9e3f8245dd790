// Entry of the built engine thread (`pnpm --filter @hierboard/platform build:engine-thread`): one
// self-contained file, packages/platform/dist/engine-thread.mjs, which Node starts without tsx and
// without the package sources (the web image's standalone server, the bundled worker and CLI).
import { runEngineTask } from "./engine-tasks.ts";

/** @public piscina starts the built file by its path and calls its default export. */
export default runEngineTask;
