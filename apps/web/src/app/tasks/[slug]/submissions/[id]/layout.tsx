import { notFound, redirect } from "next/navigation";
import { submissionPageAccess } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { pathAndQuery, requestUrl } from "@/server/request-url";

/**
 * The gate of a submission's report and compare pages, run before their loading.tsx starts
 * streaming (after which the status is 200): an anonymous visitor before the phase ends is sent to
 * sign in (a real redirect, back to the page asked for), and a submission this viewer may not read
 * answers a real 404.
 */
export default async function SubmissionLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ slug: string; id: string }>;
}) {
  const [{ slug, id }, viewer] = await Promise.all([params, getViewer()]);
  const access = await orPageError(submissionPageAccess({ slug, id, viewerId: viewer?.id ?? null }));
  if (access === "sign-in") {
    const url = await requestUrl(`/tasks/${slug}/submissions/${id}`);
    redirect(`/signin?callbackUrl=${encodeURIComponent(pathAndQuery(url))}`);
  }
  if (access === "not-found") notFound();
  return children;
}
