"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { confirmAddressAction } from "./actions";

export function ConfirmAddressForm({ token }: { token: string }) {
  const [pending, startTransition] = useTransition();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  if (answer?.ok) {
    return (
      <p role="status" data-testid="address-confirmed" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {answer.message}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {answer && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {answer.message}
        </p>
      )}
      <Button
        type="button"
        className="w-full"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await confirmAddressAction({ token });
            setAnswer({ ok: result.ok, message: result.message ?? "" });
          })
        }
      >
        {pending ? "Confirming…" : "Confirm my address"}
      </Button>
    </div>
  );
}
