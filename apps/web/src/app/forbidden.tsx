import Link from "next/link";

/** Rendered with HTTP 403 when a signed-in person opens a page that is not theirs (see `orPageError`). */
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Not for this account</h1>
      <p className="mt-2 text-slate-600">
        This page belongs to the task&apos;s organisers. Sign in with an organiser account, or go back to the tasks.
      </p>
      <p className="mt-6">
        <Link href="/" className="font-medium text-brand-700 hover:underline">
          All tasks
        </Link>
      </p>
    </div>
  );
}
