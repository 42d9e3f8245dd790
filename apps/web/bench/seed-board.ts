// Seeds a realistic public board straight into a database, for benchmarks and screenshots.
//
// The data is the demo generator's (synthetic, licence-free): its taxonomy, gold and six teams'
// files. Further teams are per-document mixtures of those files, so their scores fall between the
// demo teams' and their rankings differ between measures the way real systems' do. Each distinct
// file is scored once with the platform's own `computeScores` (every measure family, bootstrap
// intervals), and every submission that uses it gets exactly those rows, written by the worker's
// own score writer (writeScoreRows). Submissions keep their file, so tie tests run on the real bytes.
import { generateDemo } from "@hierboard/demo";
import type { Db } from "@hierboard/db";
import { seededRandom } from "@hierboard/metrics";
import {
  computeScores,
  createPhase,
  createSubtask,
  createTask,
  createUser,
  loadScoringSetup,
  parsePrediction,
  setTaskStatus,
  uploadGold,
  uploadTaxonomy,
  writeScoreRows,
  type PlatformContext,
} from "@hierboard/platform";

export interface SeedBoardOptions {
  slug?: string;
  teams: number;
  submissionsPerTeam: number;
  /** Gold documents (default 1,000). */
  documents?: number;
  /** Distinct prediction files scored (default min(teams, 120)); submissions reuse them. */
  distinctFiles?: number;
  bootstrap?: number;
  seed?: number;
  /** Also add two baseline rows (default true). */
  baselines?: boolean;
}

export interface SeededBoard {
  slug: string;
  phaseKey: string;
  subtaskKey: string;
  phaseId: string;
  subtaskId: string;
  organiserId: string;
  /** Stores one more scored submission for a new team (to test invalidation). */
  addScoredSubmission(teamName: string): Promise<string>;
}

const BIRDS = [
  "Kestrel",
  "Magpie",
  "Heron",
  "Swift",
  "Dodo",
  "Owl",
  "Wren",
  "Robin",
  "Finch",
  "Lark",
  "Plover",
  "Egret",
  "Ibis",
  "Crane",
  "Tern",
  "Osprey",
  "Falcon",
  "Hobby",
  "Merlin",
  "Kite",
  "Raven",
  "Rook",
  "Jay",
  "Shrike",
  "Thrush",
  "Dipper",
  "Avocet",
  "Curlew",
  "Godwit",
  "Dunlin",
];
const LABS = ["NLP", "AI", "Lab", "Group", "Team", "Uni", "Labs", "Research", "ML", "Data"];

export function teamName(i: number): string {
  const bird = BIRDS[i % BIRDS.length]!;
  const round = Math.floor(i / BIRDS.length);
  return round === 0 ? bird : `${bird} ${LABS[(i * 7) % LABS.length]}${round > 1 ? ` ${round}` : ""}`;
}

/** A per-document mixture of two team files (TSV): each document's line from `a` with probability `pA`. */
function mixFiles(a: string, b: string, pA: number, random: () => number): string {
  const lines = (text: string) =>
    new Map(
      text
        .trimEnd()
        .split("\n")
        .map((line) => [line.split("\t")[0]!, line] as const),
    );
  const la = lines(a);
  const lb = lines(b);
  const out: string[] = [];
  for (const [id, line] of la) out.push(random() < pA ? line : (lb.get(id) ?? line));
  return out.join("\n") + "\n";
}

export async function seedBoard(ctx: PlatformContext, opts: SeedBoardOptions): Promise<SeededBoard> {
  const slug = opts.slug ?? "birds-2026";
  const random = seededRandom(opts.seed ?? 7);
  const demo = generateDemo({ seed: 2019, documents: opts.documents ?? 1000 });
  const db: Db = ctx.db;
  const organiser = await createUser(
    { name: "Olga Organiser", email: `olga@${slug}.example`, password: "kestrel-ledger-42", role: "ORGANISER" },
    ctx,
  );
  await createTask(
    {
      userId: organiser.id,
      slug,
      title: "Birds of a Feather 2026: hierarchical topic classification",
      description:
        "Assign every document its topics in a three-level taxonomy of themes, groups and leaves (a DAG). Synthetic data from HierBoard's demo generator.",
    },
    ctx,
  );
  const taxonomy = await uploadTaxonomy(
    { userId: organiser.id, slug, fileName: "taxonomy.tsv", content: new TextEncoder().encode(demo.taxonomyTsv) },
    ctx,
  );
  await createSubtask(
    {
      userId: organiser.id,
      slug,
      key: "full",
      name: "Full hierarchy",
      taxonomyVersionId: taxonomy.id,
      measuresShown: ["hc.f1", "hc.mcc", "flat.micro.f1", "flat.subsetAccuracy", "hierarchical.f1", "lca.f1", "cophe.overall.f1"],
      primaryMeasure: "hc.f1",
      bootstrap: opts.bootstrap ?? 200,
    },
    ctx,
  );
  const now = ctx.now().getTime();
  await createPhase(
    {
      userId: organiser.id,
      slug,
      key: "test",
      name: "Test",
      startsAt: new Date(now - 20 * 86_400_000),
      endsAt: new Date(now + 10 * 86_400_000),
    },
    ctx,
  );
  await uploadGold(
    { userId: organiser.id, slug, phaseKey: "test", fileName: "gold.tsv", content: new TextEncoder().encode(demo.goldTsv) },
    ctx,
  );
  await setTaskStatus({ userId: organiser.id, slug, status: "PUBLISHED" }, ctx);
  const [phase, subtask] = await Promise.all([
    db.phase.findFirstOrThrow({ where: { key: "test", task: { slug } } }),
    db.subtask.findFirstOrThrow({ where: { key: "full", task: { slug } } }),
  ]);
  const setup = await loadScoringSetup(db, { subtaskId: subtask.id, phaseId: phase.id });

  // Distinct files: the six demo teams, then mixtures of two of the five label files.
  const tsvTeams = demo.teams.filter((t) => t.fileName.endsWith(".tsv"));
  const files: { fileName: string; content: string }[] = demo.teams.map((t) => ({ fileName: t.fileName, content: t.content }));
  const distinct = Math.max(files.length, opts.distinctFiles ?? Math.min(opts.teams, 120));
  while (files.length < distinct) {
    const a = tsvTeams[Math.floor(random() * tsvTeams.length)]!;
    const b = tsvTeams[Math.floor(random() * tsvTeams.length)]!;
    files.push({ fileName: `mix-${files.length}.tsv`, content: mixFiles(a.content, b.content, 0.3 + 0.65 * random(), random) });
  }
  const scored = files.map((f) => {
    const bytes = new TextEncoder().encode(f.content);
    const rows = computeScores(setup, parsePrediction(setup, bytes, f.fileName)).rows;
    return { ...f, bytes, rows, primary: rows.find((r) => r.measure === "hc.f1")?.value ?? 0 };
  });

  const teamIds: string[] = [];
  for (let from = 0; from < opts.teams; from += 500) {
    const names = Array.from({ length: Math.min(500, opts.teams - from) }, (_, k) => teamName(from + k));
    await db.team.createMany({ data: names.map((name) => ({ taskId: phase.taskId, name })) });
  }
  const teams = await db.team.findMany({
    where: { taskId: phase.taskId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true },
  });
  teamIds.push(...teams.map((t) => t.id));

  const store = async (items: { teamId: string | null; label?: string; file: (typeof scored)[number]; at: Date }[]) => {
    for (let from = 0; from < items.length; from += 200) {
      const chunk = items.slice(from, from + 200);
      const created = await db.submission.createManyAndReturn({
        data: chunk.map((it) => ({
          teamId: it.teamId,
          uploaderId: organiser.id,
          subtaskId: subtask.id,
          phaseId: phase.id,
          fileName: it.file.fileName,
          content: it.file.bytes,
          contentHash: "seed",
          sizeBytes: it.file.bytes.length,
          status: "SCORED" as const,
          isBaseline: it.teamId === null,
          label: it.label ?? null,
          createdAt: it.at,
          startedAt: it.at,
          finishedAt: new Date(it.at.getTime() + 5000),
        })),
        select: { id: true },
      });
      const sets = await db.scoreSet.createManyAndReturn({
        data: created.map((s) => ({
          submissionId: s.id,
          goldVersion: setup.goldVersion,
          breakdown: {},
          warnings: [],
          documents: demo.documents,
          engineVersion: "seed",
          taxonomyHash: setup.taxonomyHash,
          goldHash: setup.goldHash,
        })),
        select: { id: true, submissionId: true },
      });
      const rowsOf = new Map(created.map((s, k) => [s.id, chunk[k]!.file.rows] as const));
      // The worker's own score writer, one statement per score set.
      await Promise.all(
        sets.map((set) =>
          writeScoreRows(
            db,
            { submissionId: set.submissionId, scoreSetId: set.id, goldVersion: setup.goldVersion, part: "all" },
            rowsOf.get(set.submissionId)!,
          ),
        ),
      );
    }
  };

  // Each team has a skill (a position in the files sorted by score) and submits around it.
  const bySkill = [...scored].sort((x, y) => x.primary - y.primary);
  const items: Parameters<typeof store>[0] = [];
  teamIds.forEach((teamId, i) => {
    const skill = random();
    for (let j = 0; j < opts.submissionsPerTeam; j++) {
      const position = Math.max(0, Math.min(bySkill.length - 1, Math.round((skill + (random() - 0.5) * 0.2) * (bySkill.length - 1))));
      items.push({ teamId, file: bySkill[position]!, at: new Date(now - 19 * 86_400_000 + (i * opts.submissionsPerTeam + j) * 60_000) });
    }
  });
  if (opts.baselines ?? true) {
    const heron = scored.find((f) => f.fileName === "heron.tsv")!;
    const dodo = scored.find((f) => f.fileName === "dodo.tsv")!;
    items.push({ teamId: null, label: "Stop-at-group baseline", file: heron, at: new Date(now - 20 * 86_400_000) });
    items.push({ teamId: null, label: "Random baseline", file: dodo, at: new Date(now - 20 * 86_400_000) });
  }
  await store(items);

  return {
    slug,
    phaseKey: "test",
    subtaskKey: "full",
    phaseId: phase.id,
    subtaskId: subtask.id,
    organiserId: organiser.id,
    async addScoredSubmission(name) {
      const team = await db.team.create({ data: { taskId: phase.taskId, name } });
      await store([{ teamId: team.id, file: bySkill.at(-1)!, at: new Date() }]);
      const row = await db.submission.findFirstOrThrow({ where: { teamId: team.id }, select: { id: true } });
      return row.id;
    },
  };
}
