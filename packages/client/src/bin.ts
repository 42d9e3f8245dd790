// The entry of the bundled `hierboard` (dist/bin.mjs, the package's bin).
const { runMain } = await import("./main.ts");
runMain(process.argv.slice(2));

export {};
