// `tsx bench/seed-cli.ts <database> [teams] [submissionsPerTeam] [distinctFiles]` — a fresh database with a seeded board
// with its tie groups (for screenshots, profiles and manual checks). Drops and re-creates <database> on 127.0.0.1:5432.
import { execFileSync } from "node:child_process";
import { createPrismaClient } from "@hierboard/db";
import { applyMigrations, migrationsDir } from "@hierboard/db/migrations";
import { updateBoardTies } from "@hierboard/platform";
import { seedBoard } from "./seed-board.ts";

const [database = "hierboard_board_demo", teams = "12", perTeam = "3", distinct] = process.argv.slice(2);
execFileSync("dropdb", ["--if-exists", "--force", "-h", "127.0.0.1", "-U", "root", database]);
execFileSync("createdb", ["-h", "127.0.0.1", "-U", "root", database]);
const url = `postgresql://root@127.0.0.1:5432/${database}`;
await applyMigrations({ databaseUrl: url, migrationsDir });
const db = createPrismaClient(url);
const started = performance.now();
const seeded = await seedBoard(
  { db, maxUploadBytes: 50 * 1024 * 1024, now: () => new Date(), enqueueScoring: async () => {} },
  {
    teams: Number(teams),
    submissionsPerTeam: Number(perTeam),
    distinctFiles: distinct ? Number(distinct) : Math.max(Number(teams) * Number(perTeam), 6),
  },
);
// The tie groups, as the worker's board job writes them, so the board is in its steady state at once.
await updateBoardTies(db, { phaseId: seeded.phaseId, subtaskId: seeded.subtaskId });
console.log(
  `seeded ${teams}×${perTeam} into ${database} in ${((performance.now() - started) / 1000).toFixed(1)} s: /tasks/${seeded.slug}?phase=${seeded.phaseKey}&subtask=${seeded.subtaskKey}`,
);
await db.$disconnect();
