"use client";

import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { revokeTokenAction } from "./actions";

export function RevokeTokenButton({ tokenId, name }: { tokenId: string; name: string }) {
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="danger"
      className="px-2.5 py-1 text-xs"
      disabled={pending}
      aria-label={`Revoke token ${name}`}
      onClick={() => {
        if (!window.confirm(`Revoke “${name}”? Scripts using it will stop working.`)) return;
        startTransition(async () => {
          await revokeTokenAction({ tokenId });
        });
      }}
    >
      {pending ? "Revoking…" : "Revoke"}
    </Button>
  );
}
