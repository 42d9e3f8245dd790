import { cachedBoardCsv, defaultOrder, getLeaderboard, getPaperTable, leaderboardResponseText, sortBoardRows } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";
import { leaderboardQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/leaderboard?phase=…[&subtask=…][&split=public|private][&format=json|csv|latex|markdown[&systems=1]][&sort=…&order=asc|desc]`
 * — public; a private board stays hidden until its phase ends (a team member then gets their own
 * rows only). JSON is `{ leaderboard }` (rows, intervals, tie groups, side-by-side ranks and τ-b,
 * and in a split phase `"split": "public"` or `"private"` beside the rows); CSV has one line per
 * row with every shown measure and its interval (and the part). LaTeX and Markdown are the results
 * table for the paper, in rank order (403 while the board is hidden); `&systems=1` adds the teams'
 * system names and a `\cite`-ready list of their papers. `split=private` is a 403 until the phase ends.
 */
export const GET = apiRoute<{ slug: string }, "optional">(
  { route: "/api/tasks/[slug]/leaderboard", auth: "optional" },
  async ({ params: { slug }, viewer, url }) => {
    const query = leaderboardQuerySchema.parse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")));
    if (query.format === "latex" || query.format === "markdown") {
      const table = await getPaperTable({
        slug,
        phaseKey: query.phase,
        subtaskKey: query.subtask ?? null,
        viewerId: viewer?.id ?? null,
        format: query.format,
        systems: query.systems,
        split: query.split,
      });
      const type = query.format === "latex" ? "application/x-tex" : "text/markdown";
      return new Response(table.text, {
        headers: {
          "content-type": `${type}; charset=utf-8`,
          "content-disposition": `attachment; filename="${table.fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    }
    const board = await getLeaderboard({
      slug,
      phaseKey: query.phase,
      subtaskKey: query.subtask ?? null,
      viewerId: viewer?.id ?? null,
      ...(query.split ? { split: query.split } : {}),
    });
    const sorted = query.sort
      ? { ...board, rows: sortBoardRows(board.rows, query.sort, query.order ?? defaultOrder(query.sort, board.measures)) }
      : board;
    const name = `${slug}-${board.phase.key}-${board.subtask.key}${board.split ? `-${board.split}` : ""}-leaderboard`;
    // Anonymous boards may be cached briefly by a proxy; a signed-in viewer's may hold private rows.
    const cacheControl = viewer || board.hidden ? "private, no-store" : "public, max-age=0, must-revalidate";
    if (query.format === "csv") {
      return new Response(cachedBoardCsv(sorted), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${name}.csv"`,
          "cache-control": cacheControl,
        },
      });
    }
    // The cached board's JSON text is serialised once and reused until a new score arrives.
    const headers: Record<string, string> = { "content-type": "application/json", "cache-control": cacheControl };
    if (url.searchParams.has("format")) headers["content-disposition"] = `attachment; filename="${name}.json"`;
    return new Response(leaderboardResponseText(sorted), { headers });
  },
);
