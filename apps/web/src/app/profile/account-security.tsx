"use client";

import { useState, useTransition } from "react";
import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { changePasswordAction, signOutEverywhereAction } from "./actions";

/** Change the password, or end every session: both sign this browser out too. */
export function AccountSecurity() {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  function leave() {
    void signOut({ redirect: false }).finally(() => window.location.assign("/signin"));
  }

  function onChangePassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await changePasswordAction(null, form);
      setMessage({ ok: result.ok, text: result.message ?? "" });
      if (result.ok) leave();
    });
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onChangePassword} className="space-y-3">
        <Field label="Current password" htmlFor="current-password">
          <TextInput id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
        </Field>
        <Field label="New password" htmlFor="new-password" hint="At least 10 characters; a few unrelated words work well.">
          <TextInput id="new-password" name="newPassword" type="password" autoComplete="new-password" required minLength={10} />
        </Field>
        <Button type="submit" disabled={pending} className="w-full">
          Change password
        </Button>
      </form>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-red-700"}`}>
          {message.text}
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await signOutEverywhereAction();
            if (result.ok) leave();
            else setMessage({ ok: false, text: result.message });
          })
        }
      >
        Sign out everywhere
      </Button>
    </div>
  );
}
