import Link from "next/link";
import { PageHeader } from "@/components/ui/card";

/** Header of an organiser sub-page: a way back to the task's console and a link to a sibling page. */
export function OrganiserPageHeader({
  slug,
  taskTitle,
  title,
  description,
  sibling,
}: {
  slug: string;
  taskTitle: string;
  title: string;
  description: string;
  sibling: { path: string; label: string };
}) {
  return (
    <PageHeader
      eyebrow={
        <Link href={`/organise/${slug}`} className="hover:underline">
          ← {taskTitle}
        </Link>
      }
      title={title}
      description={description}
      actions={
        <Link href={`/organise/${slug}/${sibling.path}`} className="text-sm font-medium text-brand-700 hover:underline">
          {sibling.label} →
        </Link>
      }
    />
  );
}
