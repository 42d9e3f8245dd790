import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listUsers } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { decideHostRequestAction, setUserDisabledAction, setUserRoleAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function AdminUsersPage() {
  const viewer = await requireViewer("/admin/users");
  if (viewer.role !== "ADMIN") notFound();
  const users = await listUsers({ actorId: viewer.id });
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
