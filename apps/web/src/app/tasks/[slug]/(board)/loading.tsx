import { PageSkeleton } from "@/components/ui/page-skeleton";

/** Shown at once while the board (ranks, intervals, tie groups) renders on the server. */
export default function BoardLoading() {
  return <PageSkeleton label="Loading the leaderboard…" blocks={["table", "card"]} />;
}
