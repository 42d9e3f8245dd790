import { notFound } from "next/navigation";
import { isTaskVisible } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { requestUrl } from "@/server/request-url";

/**
 * The board's gate, run before its loading.tsx starts streaming: once the stream has begun the
 * status is 200, so a draft that this visitor may not see (no organiser, no preview link) must be
 * refused here to answer a real 404.
 */
export default async function BoardLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string }> }) {
  const [{ slug }, viewer] = await Promise.all([params, getViewer()]);
  const previewToken = (await requestUrl(`/tasks/${slug}`)).searchParams.get("preview");
  if (!(await orPageError(isTaskVisible({ slug, viewerId: viewer?.id ?? null, previewToken })))) notFound();
  return children;
}
