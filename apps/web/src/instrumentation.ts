/** Runs once when the server starts: the Node.js server's set-up (instrumentation-node.ts). */
export async function register() {
  // NEXT_RUNTIME is a build-time constant Next.js inlines (not configuration): the
  // check lets the bundler drop the Node-only platform from any edge bundle.
  // biome-ignore lint/style/noProcessEnv: Next.js inlines NEXT_RUNTIME at build time; it must stay a literal process.env read
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    registerNode();
  }
}
