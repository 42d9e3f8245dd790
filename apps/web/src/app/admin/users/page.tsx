import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listUsers } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { z } from "zod";
import { decideHostRequestAction, setUserDisabledAction, setUserRoleAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

const HOST_ANSWERS = ["approved", "approved-signed-out", "declined"] as const;

const decidedParams = z.object({
  decided: z.string().optional().catch(undefined),
  answer: z.enum(HOST_ANSWERS).optional().catch(undefined),
});

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer("/admin/users");
  if (viewer.role !== "ADMIN") notFound();
  const users = await listUsers({ actorId: viewer.id });
  const { decided, answer } = decidedParams.parse(await searchParams);
  return (
    <>
      <PageHeader
        eyebrow="Administration"
        title="Users"
        description="Roles, requests to host tasks, and disabled accounts. Disabling an account ends its sessions at once."
      />
      <Card title={`${users.length} account${users.length === 1 ? "" : "s"}`}>
        <ul className="divide-y divide-slate-100" data-testid="admin-users">
          {users.map((user) => (
            <li key={user.id} className="grid gap-3 py-4 md:grid-cols-3" data-testid={`user-${user.email}`}>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {user.name} {user.disabled && <Badge>disabled</Badge>}
                </p>
                <p className="break-all text-xs text-slate-500">{user.email}</p>
                <p className="text-xs text-slate-500">
                  Joined <UtcTime value={user.createdAt} />
                </p>
              </div>
              <div className="min-w-0 text-sm">
                {user.hostRequest ? (
                  <div className="rounded-md bg-amber-50 p-2">
                    <p className="font-medium text-amber-900">Asks to host tasks</p>
                    <p className="whitespace-pre-wrap text-amber-900">{user.hostRequest.message}</p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <ActionForm
                        action={decideHostRequestAction.bind(null, user.hostRequest.id, true)}
                        submitLabel="Approve"
                        pendingLabel="Approving…"
                        className="space-y-2"
                      >
                        {null}
                      </ActionForm>
                      <ActionForm
                        action={decideHostRequestAction.bind(null, user.hostRequest.id, false)}
                        submitLabel="Decline"
                        pendingLabel="Declining…"
                        submitVariant="secondary"
                        className="space-y-2"
                      >
                        {null}
                      </ActionForm>
                    </div>
                  </div>
                ) : decided === user.email && answer ? (
                  <HostDecision answer={answer} name={user.name} />
                ) : (
                  <p className="text-slate-500">No open request.</p>
                )}
              </div>
              <div className="flex min-w-0 flex-wrap items-start gap-3">
                <ActionForm
                  action={setUserRoleAction.bind(null, user.email)}
                  submitLabel="Set role"
                  submitVariant="secondary"
                  className="flex flex-wrap items-end gap-2"
                >
                  <label className="text-sm">
                    <span className="sr-only">Role of {user.name}</span>
                    <Select name="role" defaultValue={user.role} aria-label={`Role of ${user.name}`}>
                      <option value="PARTICIPANT">Participant</option>
                      <option value="ORGANISER">Organiser</option>
                      <option value="ADMIN">Admin</option>
                    </Select>
                  </label>
                </ActionForm>
                {user.id !== viewer.id && (
                  <ActionForm
                    action={setUserDisabledAction.bind(null, user.id, !user.disabled)}
                    submitLabel={user.disabled ? "Enable account" : "Disable and sign out"}
                    pendingLabel="Saving…"
                    submitVariant="secondary"
                    className="space-y-2"
                  >
                    {null}
                  </ActionForm>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/**
 * What the admin just decided on this account's request to host. An approval made a participant an
 * organiser, and that role change ended the account's sessions: said here, and on the sign-in page
 * the account is sent to.
 */
function HostDecision({ answer, name }: { answer: (typeof HOST_ANSWERS)[number]; name: string }) {
  const approved = `Request approved: ${name} can now host tasks.`;
  return (
    <p role="status" className="rounded-md bg-emerald-50 p-2 text-emerald-900" data-testid="host-decision">
      {answer === "declined"
        ? "Request declined."
        : answer === "approved"
          ? approved
          : `${approved} The role change signed them out everywhere; they sign in again, and the sign-in page tells them why.`}
    </p>
  );
}
