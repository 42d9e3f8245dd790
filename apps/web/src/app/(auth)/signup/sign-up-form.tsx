"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { IssueList } from "@/components/ui/issue-list";
import type { ActionResult } from "@/server/problem";
import { signUpAction } from "./actions";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Extract<ActionResult, { ok: false }> | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setPending(true);
    setFailure(null);
    const result = await signUpAction(input);
    if (!result.ok) {
      setFailure(result);
      setPending(false);
      return;
    }
    // redirect: false, then navigate here: next-auth's own redirect goes to NEXTAUTH_URL,
    // which is wrong whenever the app is reached under another host name.
    const signedIn = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
    if (!signedIn || signedIn.error) {
      router.push(`/signin?notice=signed-up&callbackUrl=${encodeURIComponent(callbackUrl)}`);
      return;
    }
    router.push(callbackUrl);
    router.refresh();
  }

  const fieldError = (name: string) => failure?.issues.find((issue) => issue.field === name)?.message;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field label="Name" htmlFor="name" error={fieldError("name")}>
        <TextInput id="name" name="name" autoComplete="name" required />
      </Field>
      <Field label="Email" htmlFor="email" error={fieldError("email")}>
        <TextInput id="email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Field
        label="Password"
        htmlFor="password"
        hint="At least 10 characters; a few unrelated words work well."
        error={fieldError("password")}
      >
        <TextInput id="password" name="password" type="password" autoComplete="new-password" required minLength={10} />
      </Field>
      <p className="text-xs text-slate-600">
        Every account starts as a participant. To host a shared task, ask for the right from the organiser console once signed in; an
        administrator grants it.
      </p>
      {failure?.issues.every((issue) => !issue.field) && <IssueList message={failure.message} issues={failure.issues} />}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
    </form>
  );
}
