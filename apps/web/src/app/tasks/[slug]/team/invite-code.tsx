"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { createInviteAction } from "./actions";

export function InviteCode({ slug, code: initial }: { slug: string; code: string | null }) {
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium text-slate-800">Invite code</p>
      {code ? (
        <code
          className="block rounded-md bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wider text-slate-900"
          data-testid="invite-code"
        >
          {code}
        </code>
      ) : (
        <p className="text-slate-600">No active invite code.</p>
      )}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await createInviteAction({ slug });
            if (result.ok && result.data) {
              setCode(result.data.code);
              setError(null);
            } else if (!result.ok) setError(result.message);
          })
        }
      >
        {code ? "New code" : "Create invite code"}
      </Button>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
