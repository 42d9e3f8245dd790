"use client";

import { Button } from "@/components/ui/button";

/** Unexpected server errors: the details stay in the server log; the user gets a way forward. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        The page could not be loaded. Try again; if it keeps failing, tell the organisers
        {error.digest ? (
          <>
            {" "}
            and quote <code className="font-mono text-sm">{error.digest}</code>
          </>
        ) : null}
        .
      </p>
      <div className="mt-6">
        <Button onClick={reset}>Try again</Button>
      </div>
    </div>
  );
}
