// Sign-in time for a known email with a wrong password vs an unknown email (docs/security.md).
// Run: pnpm --filter @hierboard/platform bench:sign-in
import { performance } from "node:perf_hooks";
import { createUser, verifyCredentials } from "../src/index.ts";
import { createTestPlatform } from "../src/testing/index.ts";

const ROUNDS = 15;
const p = await createTestPlatform();
try {
  await createUser({ name: "Known", email: "known@bench.test", password: "quartz-lantern-meadow" }, p.ctx);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await verifyCredentials({ email: "known@bench.test", password: `wrong-${i}` }, p.ctx);
    known.push(performance.now() - t);
    t = performance.now();
    await verifyCredentials({ email: `nobody-${i}@bench.test`, password: `wrong-${i}` }, p.ctx);
    unknown.push(performance.now() - t);
    // A success clears the known account's failures, so the lock never kicks in here.
    await verifyCredentials({ email: "known@bench.test", password: "quartz-lantern-meadow" }, p.ctx);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `sign-in, ${ROUNDS} rounds: known email + wrong password median ${median(known).toFixed(1)} ms; unknown email median ${median(unknown).toFixed(1)} ms`,
  );
} finally {
  await p.cleanup();
}
