import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AppError, appErrorFrom, getNodeStatistics, getSubmission, type NodeStatisticsAnswer } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { TaxonomyExplorer } from "@/components/explorer/taxonomy-explorer";
import { ErrorLandings } from "@/components/explorer/error-landings";
import { toProblem } from "@/server/problem";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Taxonomy explorer" };

/** Levels and rows loaded with the page (the client asks for the same per zoom): deeper subtrees load from the API on zoom. */
const FIRST_LEVELS = 3;
const FIRST_ROWS = 600;

export default async function ExplorerPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<{ with?: string }>;
}) {
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const viewerId = (await getViewer())?.id ?? null;
  const submission = await getSubmission({ id, viewerId }).catch((error: unknown) => {
    if (appErrorFrom(error)) return null;
    throw error;
  });
  if (!submission || submission.taskSlug !== slug) notFound();
  const otherId = query.with?.trim() || undefined;
  let answer: NodeStatisticsAnswer | null = null;
  let other: { id: string; name: string; initial: NodeStatisticsAnswer } | undefined;
  let problem: string | null = null;
  try {
    answer = await getNodeStatistics({ id, viewerId, levels: FIRST_LEVELS, limit: FIRST_ROWS });
    if (otherId) {
      const [initial, details] = await Promise.all([
        getNodeStatistics({ id: otherId, viewerId, levels: FIRST_LEVELS, limit: FIRST_ROWS }),
        getSubmission({ id: otherId, viewerId }),
      ]);
      if (details.taskSlug !== slug || details.subtaskName !== submission.subtaskName)
        throw new AppError("BAD_REQUEST", "Only a submission to the same subtask can be drawn beside this one.");
      other = { id: otherId, name: `${details.teamName ?? "Baseline"} · ${details.fileName}`, initial };
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = toProblem(error).message;
  }
  const name = `${submission.teamName ?? "Baseline"} · ${submission.fileName}`;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks/${slug}/submissions/${id}`} className="[overflow-wrap:anywhere] hover:underline">
            ← Report of {submission.fileName}
          </Link>
        }
        title={
          <span className="break-words [overflow-wrap:anywhere]">
            {other ? `Where ${name} and ${other.name} differ` : `Where in the taxonomy ${name} fails`}
          </span>
        }
        description={`${submission.subtaskName} · ${submission.phaseName}. Each box is a node of the taxonomy, as wide as the gold or predicted documents at or below it; its colour is the node's score${other ? " difference between the two submissions" : ""}. Counts as written are the flat per-label view; with ancestors, a document counts at a node when the node or a descendant is among its labels.`}
      />
      {problem || !answer ? (
        <Card>
          <EmptyState title="No per-node statistics to show">{problem}</EmptyState>
        </Card>
      ) : (
        <>
          <Card className="mb-6">
            <TaxonomyExplorer submissionId={id} initial={answer} other={other} isDag={answer.isDag} />
          </Card>
          <ErrorLandings answer={answer} />
        </>
      )}
    </>
  );
}
