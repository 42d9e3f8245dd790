import type { TaskConsole } from "@hierboard/platform";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import { Field, Select, TextInput } from "@/components/ui/field";
import { UtcTime } from "@/components/ui/utc-time";
import { attachIaAction, uploadTaxonomyAction } from "../actions";
import { TableHead } from "@/components/ui/table-head";

export function TaxonomySection({ slug, taxonomies }: { slug: string; taxonomies: TaskConsole["taxonomies"] }) {
  return (
    <Card
      id="taxonomy"
      title="Taxonomy"
      description="Upload parent⇥child lines (GermEval hierarchy.txt) or JSON {“edges”: [[parent, child], …]}. It is validated at once; a new upload adds a version."
    >
      {taxonomies.length === 0 ? (
        <div className="mb-5">
          <EmptyState title="No taxonomy yet" />
        </div>
      ) : (
        <div className="-mx-5 mb-5 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Taxonomy versions</caption>
            <TableHead
              columns={[
                { label: "Version" },
                { label: "File" },
                { label: "Labels", numeric: true },
                { label: "Depth", numeric: true },
                { label: "Shape" },
                { label: "IA file" },
                { label: "Uploaded" },
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {taxonomies.map((taxonomy) => (
                <tr key={taxonomy.id}>
                  <td className="py-2 pl-5 pr-4 font-medium">v{taxonomy.version}</td>
                  <td className="py-2 pr-4 font-mono text-[13px]">
                    {taxonomy.fileName}
                    {taxonomy.warnings.length > 0 && (
                      <span className="ml-2" title={taxonomy.warnings.join("\n")}>
                        <Badge tone="warning">
                          {taxonomy.warnings.length} warning{taxonomy.warnings.length === 1 ? "" : "s"}
                        </Badge>
                      </span>
                    )}
                  </td>
                  <td className="tabular py-2 pr-4 text-right">{taxonomy.nodeCount}</td>
                  <td className="tabular py-2 pr-4 text-right">{taxonomy.depth}</td>
                  <td className="py-2 pr-4">
                    <Badge tone={taxonomy.isDag ? "info" : "neutral"}>{taxonomy.isDag ? "DAG" : "Tree"}</Badge>
                  </td>
                  <td className="py-2 pr-4 text-[13px]" data-testid={`ia-v${taxonomy.version}`}>
                    {taxonomy.ia ? (
                      <span title={`sha256 ${taxonomy.ia.contentHash}`}>
                        <span className="font-mono">{taxonomy.ia.fileName}</span> · {taxonomy.ia.terms.toLocaleString("en")} terms
                      </span>
                    ) : (
                      <span className="text-slate-500">none</span>
                    )}
                  </td>
                  <td className="py-2 pr-5 text-slate-600">
                    <UtcTime value={taxonomy.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ActionForm
        action={uploadTaxonomyAction.bind(null, slug)}
        submitLabel="Upload taxonomy"
        pendingLabel="Validating…"
        resetOnSuccess
        testId="taxonomy-form"
      >
        <Field label="Taxonomy file" htmlFor="taxonomy-file">
          <TextInput
            id="taxonomy-file"
            name="file"
            type="file"
            accept=".txt,.tsv,.json"
            required
            className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm"
          />
        </Field>
      </ActionForm>
      {taxonomies.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Information accretion (CAFA)</h3>
          <p className="mb-3 text-xs leading-5 text-slate-600">
            A term⇥weight file (CAFA-evaluator's ia.tsv) gives CAFA-style subtasks on that taxonomy version their weighted measures (wFmax,
            wSmin). Every bad line is reported with its number; it can change until the version has submissions.
          </p>
          <ActionForm
            action={attachIaAction.bind(null, slug)}
            submitLabel="Attach IA file"
            pendingLabel="Validating…"
            resetOnSuccess
            testId="ia-form"
          >
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Taxonomy version" htmlFor="ia-version">
                <Select id="ia-version" name="taxonomyVersion" defaultValue={String(taxonomies[0]!.version)}>
                  {taxonomies.map((t) => (
                    <option key={t.id} value={String(t.version)}>
                      v{t.version} · {t.fileName}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="sm:col-span-2">
                <Field label="IA file" htmlFor="ia-file">
                  <TextInput
                    id="ia-file"
                    name="file"
                    type="file"
                    accept=".txt,.tsv"
                    required
                    className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm"
                  />
                </Field>
              </div>
            </div>
          </ActionForm>
        </div>
      )}
    </Card>
  );
}
