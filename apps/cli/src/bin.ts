// The entry of the bundled `hierboard` (dist/bin.mjs, the package's bin). main.ts is imported as a
// module of its own: inside one bundled file, the engine's "am I the program?" check would match too.
const { runMain } = await import("./main.ts");
runMain(process.argv.slice(2));

export {};
