"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { IssueList } from "@/components/ui/issue-list";
import type { ActionResult } from "@/server/problem";
import { createTeamAction, joinTeamAction } from "./actions";

type Failure = Extract<ActionResult, { ok: false }>;

export function JoinTeamForms({
  slug,
  terms = "",
  requiresApproval = false,
}: {
  slug: string;
  terms?: string;
  requiresApproval?: boolean;
}) {
  const [accepted, setAccepted] = useState(false);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card
        title="Create a team"
        description={`You become its owner and can invite others.${requiresApproval ? " An organiser approves new teams before they can submit." : ""}`}
      >
        {terms !== "" && (
          <div className="mb-4 space-y-2 text-sm" data-testid="task-terms">
            <p className="font-medium text-slate-900">Terms of participation</p>
            <p className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded bg-slate-50 px-3 py-2 text-slate-700">{terms}</p>
            <label className="flex items-start gap-2">
              <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} className="mt-1" />
              <span>I accept these terms for my team.</span>
            </label>
          </div>
        )}
        <ActionForm
          submitLabel="Create team"
          field={{ name: "name", label: "Team name", placeholder: "e.g. Hierarchy Hackers" }}
          run={(value) => createTeamAction({ slug, name: value, acceptTerms: accepted })}
        />
      </Card>
      <Card title="Join a team" description="Ask a member for the team's invite code.">
        <ActionForm
          submitLabel="Join team"
          field={{ name: "code", label: "Invite code", placeholder: "e.g. 7KQ2-MX9P" }}
          run={(value) => joinTeamAction({ slug, code: value })}
        />
      </Card>
    </div>
  );
}

function ActionForm({
  field,
  submitLabel,
  run,
}: {
  field: { name: string; label: string; placeholder: string };
  submitLabel: string;
  run: (value: string) => Promise<ActionResult>;
}) {
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<Failure | null>(null);
  const id = `team-${field.name}`;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get(field.name) ?? "");
        startTransition(async () => {
          const result = await run(value);
          setFailure(result.ok ? null : result);
        });
      }}
    >
      <Field label={field.label} htmlFor={id} error={failure?.issues.find((issue) => issue.field === field.name)?.message}>
        <TextInput id={id} name={field.name} placeholder={field.placeholder} required />
      </Field>
      {failure && !failure.issues.some((issue) => issue.field === field.name) && (
        <IssueList message={failure.message} issues={failure.issues} />
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Working…" : submitLabel}
      </Button>
    </form>
  );
}
