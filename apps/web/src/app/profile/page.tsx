import type { Metadata } from "next";
import { getAddressStatus, listApiTokens, listNotificationSettings } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { AccountSecurity } from "./account-security";
import { CreateTokenForm } from "./create-token-form";
import { NotificationSwitches } from "./notification-switches";
import { ResendConfirmation } from "./resend-confirmation";
import { RevokeTokenButton } from "./revoke-token-button";
import { TableHead } from "@/components/ui/table-head";

export const metadata: Metadata = { title: "Profile" };

const roleLabel: Record<string, string> = { ADMIN: "Administrator", ORGANISER: "Organiser", PARTICIPANT: "Participant" };

export default async function ProfilePage() {
  const viewer = await requireViewer("/profile");
  const [tokens, address, notifications] = await Promise.all([
    listApiTokens({ userId: viewer.id }),
    getAddressStatus({ userId: viewer.id }),
    listNotificationSettings({ userId: viewer.id }),
  ]);
  return (
    <>
      <PageHeader eyebrow="Account" title={viewer.name} description={viewer.email} />
      {address.required && !address.confirmed && <ResendConfirmation email={viewer.email} />}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card title="Account" className="lg:col-span-1">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="font-medium">{viewer.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Role</dt>
              <dd>
                <Badge>{roleLabel[viewer.role] ?? viewer.role}</Badge>
              </dd>
            </div>
          </dl>
          <div className="mt-5 border-t border-slate-100 pt-4">
            <AccountSecurity />
          </div>
        </Card>
        <Card
          title="Mail"
          description="What HierBoard mails you. Each mail also has a link that switches its kind off in one click."
          className="lg:col-span-2"
        >
          <NotificationSwitches switches={notifications} />
        </Card>
        <Card
          title="API tokens"
          description="Submit from scripts with a Bearer token. A new token is shown once; store it somewhere safe."
          className="lg:col-span-3"
        >
          <CreateTokenForm />
          <div className="mt-5">
            {tokens.length === 0 ? (
              <EmptyState title="No tokens yet" />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Your API tokens</caption>
                  <TableHead
                    inset={false}
                    columns={[
                      { label: "Name" },
                      { label: "Scope" },
                      { label: "Created" },
                      { label: "Expires" },
                      { label: "Last used" },
                      { label: <span className="sr-only">Actions</span> },
                    ]}
                  />
                  <tbody className="divide-y divide-slate-100">
                    {tokens.map((token) => (
                      <tr key={token.id}>
                        <td className="py-2.5 pr-4">
                          <span className="font-medium">{token.name}</span>
                          {token.prefix && <span className="ml-2 font-mono text-xs text-slate-500">{token.prefix}…</span>}
                        </td>
                        <td className="py-2.5 pr-4 text-slate-600">{token.scope === "READ" ? "read" : "submit"}</td>
                        <td className="py-2.5 pr-4 text-slate-600">
                          <UtcTime value={token.createdAt} />
                        </td>
                        <td className="py-2.5 pr-4 text-slate-600">{token.expiresAt ? <UtcTime value={token.expiresAt} /> : "never"}</td>
                        <td className="py-2.5 pr-4 text-slate-600">{token.lastUsedAt ? <UtcTime value={token.lastUsedAt} /> : "never"}</td>
                        <td className="py-2.5 text-right">
                          {token.revokedAt ? <Badge>Revoked</Badge> : <RevokeTokenButton tokenId={token.id} name={token.name} />}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          <details className="mt-5 rounded-md bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">Submitting with curl</summary>
            <pre className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-[12px] leading-5 text-slate-100">
              {`curl -H "Authorization: Bearer $HIERBOARD_TOKEN" \\
     -F subtask=a -F phase=test -F file=@predictions.tsv \\
     ${"$"}HIERBOARD_URL/api/tasks/<task-slug>/submissions

curl -H "Authorization: Bearer $HIERBOARD_TOKEN" \\
     ${"$"}HIERBOARD_URL/api/submissions/<submission-id>`}
            </pre>
          </details>
        </Card>
      </div>
    </>
  );
}
