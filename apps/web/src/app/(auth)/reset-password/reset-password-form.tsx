"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { IssueList } from "@/components/ui/issue-list";
import type { ActionResult } from "@/server/problem";
import { resetPasswordAction } from "./actions";

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Extract<ActionResult, { ok: false }> | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setFailure(null);
    const result = await resetPasswordAction({ token, password });
    if (!result.ok) {
      setFailure(result);
      setPending(false);
      return;
    }
    router.push("/signin?notice=password-reset");
  }

  const fieldError = failure?.issues.find((issue) => issue.field === "password")?.message;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field label="New password" htmlFor="password" hint="At least 10 characters; a few unrelated words work well." error={fieldError}>
        <TextInput id="password" name="password" type="password" autoComplete="new-password" required minLength={10} />
      </Field>
      {failure && !fieldError && <IssueList message={failure.message} issues={failure.issues} />}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
