"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";

/** Posts to `POST /api/password-reset`, the same request scripts make, and shows its answer. */
export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setPending(true);
    setAnswer(null);
    try {
      const response = await fetch("/api/password-reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const body = (await response.json()) as { message?: string; error?: { message: string } };
      setAnswer({ ok: response.ok, message: body.message ?? body.error?.message ?? `The server answered ${response.status}.` });
    } catch {
      setAnswer({ ok: false, message: "The request did not reach the server. Check your connection and try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field label="Email" htmlFor="email">
        <TextInput id="email" name="email" type="email" autoComplete="email" required />
      </Field>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          data-testid="reset-answer"
          className={
            answer.ok ? "rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900" : "rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
          }
        >
          {answer.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Mail me a link"}
      </Button>
    </form>
  );
}
