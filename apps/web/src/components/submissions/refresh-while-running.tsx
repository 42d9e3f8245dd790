"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** Polls the small status route and re-renders the page once the submission settles. */
export function RefreshWhileRunning({ id }: { id: string }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(async () => {
      const response = await fetch(`/api/submissions/${id}/status`, { cache: "no-store" }).catch(() => null);
      if (!response?.ok) return;
      const { submission } = (await response.json()) as { submission: { status: string } };
      if (submission.status === "SCORED" || submission.status === "FAILED") {
        clearInterval(timer);
        router.refresh();
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [id, router]);
  return null;
}
