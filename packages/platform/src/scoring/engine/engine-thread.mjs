// Entry file of an engine thread (piscina). Plain JavaScript so that Node can start it without a
// loader; it registers tsx in this thread, then loads the TypeScript task module.
import { register } from "tsx/esm/api";

register();
const { runEngineTask } = await import("./engine-tasks.ts");

/** @public piscina starts this file by its path and calls its default export. */
export default runEngineTask;
