import { PageSkeleton } from "@/components/ui/page-skeleton";

/** Shown at once while the submission report (every measure, per level, the label analysis) renders. */
export default function ReportLoading() {
  return <PageSkeleton label="Loading the submission report…" blocks={["card", "table", "card"]} />;
}
