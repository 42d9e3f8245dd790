import { getLeaderboard } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { problemResponse } from "@/server/problem";
import { leaderboardQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** `GET /api/tasks/:slug/leaderboard?phase=…[&subtask=…]` — public; private boards stay hidden until the phase ends. */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  try {
    const { slug } = await params;
    const url = new URL(request.url);
    const query = leaderboardQuerySchema.parse({
      phase: url.searchParams.get("phase") ?? undefined,
      subtask: url.searchParams.get("subtask") ?? undefined,
    });
    const viewer = await getRequestViewer(request);
    const leaderboard = await getLeaderboard({
      slug,
      phaseKey: query.phase,
      subtaskKey: query.subtask ?? null,
      viewerId: viewer?.id ?? null,
    });
    return Response.json({ leaderboard }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}
