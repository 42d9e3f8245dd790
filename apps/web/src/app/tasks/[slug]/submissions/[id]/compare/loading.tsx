import { PageSkeleton } from "@/components/ui/page-skeleton";

/** Shown at once while the paired tests of a comparison run. */
export default function CompareLoading() {
  return <PageSkeleton label="Comparing the two submissions…" blocks={["verdict", "table"]} />;
}
