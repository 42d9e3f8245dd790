"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { resendConfirmationAction } from "./actions";

/** The "resend" action of an unconfirmed account, with the server's answer. */
export function ResendConfirmation({ email }: { email: string }) {
  const [pending, startTransition] = useTransition();
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <div role="status" data-testid="address-unconfirmed" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm">
      <p className="font-medium text-amber-900">Confirm your address to submit runs</p>
      <p className="mt-1 text-amber-900">We mailed a link to {email}. Until you follow it you can browse every board, but not submit.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const result = await resendConfirmationAction();
              setAnswer(result.ok ? (result.message ?? "Sent.") : result.message);
            })
          }
        >
          {pending ? "Sending…" : "Resend the link"}
        </Button>
        {answer && <span className="text-amber-900">{answer}</span>}
      </div>
    </div>
  );
}
