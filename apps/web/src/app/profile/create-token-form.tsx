"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { createTokenAction } from "./actions";

export function CreateTokenForm() {
  const [pending, startTransition] = useTransition();
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const name = String(form.get("name") ?? "");
    const scope = String(form.get("scope") ?? "SUBMIT");
    const expiresInDays = String(form.get("expiresInDays") ?? "90");
    startTransition(async () => {
      setError(null);
      setCopied(false);
      const result = await createTokenAction({ name, scope, expiresInDays });
      if (result.ok && result.data) {
        setToken(result.data.token);
        formElement.reset();
      } else if (!result.ok) {
        setError(result.message);
      }
    });
  }

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <label htmlFor="token-name" className="sr-only">
          Token name
        </label>
        <TextInput id="token-name" name="name" placeholder="Token name, e.g. nightly-submit" required className="sm:min-w-48 sm:flex-1" />
        <label htmlFor="token-scope" className="sr-only">
          Scope
        </label>
        <select
          id="token-scope"
          name="scope"
          defaultValue="SUBMIT"
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          <option value="SUBMIT">Submit and read</option>
          <option value="READ">Read only</option>
        </select>
        <label htmlFor="token-days" className="sr-only">
          Expires after
        </label>
        <select
          id="token-days"
          name="expiresInDays"
          defaultValue="90"
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          <option value="7">7 days</option>
          <option value="30">30 days</option>
          <option value="90">90 days</option>
          <option value="365">365 days</option>
        </select>
        <Button type="submit" disabled={pending} className="shrink-0">
          {pending ? "Creating…" : "Create token"}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {token && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="new-token">
          <p className="font-medium text-emerald-900">Copy this token now. It will not be shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1.5 font-mono text-[13px] text-slate-900 ring-1 ring-emerald-200">
              {token}
            </code>
            <Button type="button" variant="secondary" onClick={() => void navigator.clipboard.writeText(token).then(() => setCopied(true))}>
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
