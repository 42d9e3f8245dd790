import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import {
  getTaskOverview,
  listTaskFiles,
  sampleFormats,
  SAMPLE_FILE_NAMES,
  splitRule,
  type SampleFormat,
  type SubtaskView,
} from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { BoardNav } from "@/components/leaderboard/board-nav";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { measureLabel } from "@/lib/measure-label";
import { defaultPhase } from "@/lib/phase-state";
import { formatUtc } from "@/lib/utc";
import { cafaRulesInWords, FORMAT_EXAMPLES, labelsPerDocumentInWords, missingDocumentsInWords, unknownLabelsInWords } from "./format-texts";
import { TaskFilesCard } from "./task-files-card";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ slug: string }>; searchParams: Promise<{ phase?: string; subtask?: string; preview?: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  return { title: `Data & format · ${slug}` };
}

/** What to submit and how: generated downloads per subtask, the formats, the policies, a curl line. */
export default async function DataFormatPage({ params, searchParams }: Params) {
  const [{ slug }, query, viewer, requestHeaders] = await Promise.all([params, searchParams, getViewer(), headers()]);
  // A draft's Data tab opens with its preview link, like its board; its downloads carry the link on.
  const previewToken = query.preview ?? null;
  const overview = await getTaskOverview({ slug, viewerId: viewer?.id ?? null, previewToken });
  if (!overview) notFound();
  const { task, subtasks, phases } = overview;
  const files = (await listTaskFiles({ slug, viewerId: viewer?.id ?? null, previewToken })) ?? [];
  const preview = previewToken ? `&preview=${encodeURIComponent(previewToken)}` : "";
  const phase = phases.find((p) => p.key === query.phase) ?? defaultPhase(phases);
  const subtask = subtasks.find((s) => s.key === query.subtask) ?? subtasks[0];
  const origin = `${requestHeaders.get("x-forwarded-proto") ?? "http"}://${requestHeaders.get("host") ?? "localhost"}`;
  const download = (s: SubtaskView, file: string, withPhase: boolean) =>
    `/api/tasks/${task.slug}/data/${file}?subtask=${encodeURIComponent(s.key)}${withPhase && phase ? `&phase=${encodeURIComponent(phase.key)}` : ""}${preview}`;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks/${task.slug}`} className="font-mono hover:underline">
            {task.slug}
          </Link>
        }
        title={`Data & format: ${task.title}`}
      />
      {phase && subtask && <BoardNav slug={task.slug} phaseKey={phase.key} subtaskKey={subtask.key} current="data" />}
      {files.length > 0 && <TaskFilesCard slug={task.slug} files={files} previewToken={previewToken} />}
      {subtasks.length === 0 ? (
        <EmptyState title="No subtasks yet">The organisers have not defined a subtask.</EmptyState>
      ) : (
        <div className="space-y-6">
          {subtasks.map((s) => (
            <Card
              key={s.key}
              id={`subtask-${s.key}`}
              title={
                <>
                  {s.name} <span className="font-mono text-xs font-normal text-slate-500">subtask={s.key}</span>
                </>
              }
              description={`${s.maxDepth ? `Labels of the top ${s.maxDepth} level${s.maxDepth === 1 ? "" : "s"}` : "The whole taxonomy"} · ranked by ${measureLabel(s.primaryMeasure)}${s.section ? ` · reads the subtask_${s.section} section of two-section files` : ""}`}
            >
              <div className="grid gap-6 md:grid-cols-2">
                <section aria-label={`Downloads of ${s.name}`}>
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">Downloads</h3>
                  <ul className="space-y-1.5 text-sm">
                    <DownloadItem
                      href={download(s, "taxonomy.tsv", false)}
                      label="Taxonomy (TSV)"
                      note="parent⇥child per line; ⇥child = top level"
                    />
                    <DownloadItem
                      href={download(s, "taxonomy.json", false)}
                      label="Taxonomy (JSON)"
                      note={'{"edges": [[parent, child], …]}'}
                    />
                    <DownloadItem
                      href={download(s, "labels.tsv", false)}
                      label="Label list"
                      note={
                        s.maxDepth
                          ? `cut to ${s.maxDepth} level${s.maxDepth === 1 ? "" : "s"}: label, depth, parents`
                          : "label, depth, parents"
                      }
                    />
                    {phase ? (
                      <>
                        <DownloadItem
                          href={download(s, "test-ids.txt", true)}
                          label={`Document ids of ${phase.name}`}
                          note="ids only, one per line"
                        />
                        {(s.cafa ? [] : sampleFormats(s.section)).map((format) => (
                          <DownloadItem
                            key={format}
                            href={download(s, SAMPLE_FILE_NAMES[format], true)}
                            label={`Sample submission (${FORMAT_EXAMPLES[format].name})`}
                            note="valid, scores on the board"
                            testId={`sample-${s.key}-${format}`}
                          />
                        ))}
                      </>
                    ) : (
                      <li className="text-slate-600">Document ids and samples appear once a phase exists.</li>
                    )}
                  </ul>
                  <p className="mt-2 text-xs leading-5 text-slate-500">
                    {s.cafa
                      ? "A CAFA-style subtask takes score files (see the rules); the document ids are the gold's proteins."
                      : "A sample predicts one label, the first leaf of the taxonomy, for every document: it shows the format and scores, nothing more."}
                  </p>
                </section>
                <section aria-label={`Policies of ${s.name}`}>
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">Rules for your file</h3>
                  <ul
                    className="list-disc space-y-1.5 pl-5 text-sm text-slate-700"
                    data-testid={s.cafa ? `cafa-format-${s.key}` : undefined}
                  >
                    {s.cafa ? (
                      cafaRulesInWords({ ...s, cafa: s.cafa }).map((rule) => <li key={rule}>{rule}</li>)
                    ) : (
                      <>
                        <li>{unknownLabelsInWords(s.unknownLabels)}</li>
                        <li>{missingDocumentsInWords(s.missingDocuments)}</li>
                        <li>{labelsPerDocumentInWords(s.maxLabelsPerDocument)}</li>
                        <li>
                          An id that is not in the gold, a repeated id, malformed JSON or a file that is not UTF-8 is refused with its line
                          number.
                        </li>
                      </>
                    )}
                    {phase && (
                      <li>
                        {phase.name} runs until {formatUtc(phase.endsAt)}
                        {phase.dailyLimit != null && `; ${phase.dailyLimit} submissions a day (UTC)`}
                        {phase.totalLimit != null && `; ${phase.totalLimit} in total`}. A refused file uses no slot.
                      </li>
                    )}
                    {phase?.publicFraction != null && <li>{splitRule(phase.publicFraction, phase.blind)}</li>}
                  </ul>
                </section>
              </div>
            </Card>
          ))}
          <Card title="Accepted formats" description="UTF-8; CRLF line ends are fine; blank lines are ignored.">
            <div className="grid gap-4 md:grid-cols-2">
              {(Object.keys(FORMAT_EXAMPLES) as SampleFormat[]).map((format) => (
                <figure key={format} className="min-w-0">
                  <figcaption className="text-sm font-medium text-slate-900">{FORMAT_EXAMPLES[format].name}</figcaption>
                  <p className="mb-1 text-xs text-slate-600">{FORMAT_EXAMPLES[format].note}</p>
                  <pre className="overflow-x-auto rounded-md bg-slate-50 p-2 font-mono text-xs leading-5 text-slate-800">
                    {FORMAT_EXAMPLES[format].example}
                  </pre>
                </figure>
              ))}
            </div>
          </Card>
          {phase && subtask && (
            <Card title="Submit from a script" description="Create an API token on your profile page first.">
              <pre
                className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100"
                data-testid="curl-snippet"
              >
                {`curl -H "Authorization: Bearer $HIERBOARD_TOKEN" \\\n     -F subtask=${subtask.key} -F phase=${phase.key} -F file=@predictions.tsv \\\n     ${origin}/api/tasks/${task.slug}/submissions`}
              </pre>
              <p className="mt-2 text-xs text-slate-600">
                Subtask keys:{" "}
                {subtasks.map((s) => (
                  <code key={s.key} className="mr-1 rounded bg-slate-100 px-1 font-mono">
                    {s.key}
                  </code>
                ))}
                · phase keys:{" "}
                {phases.map((p) => (
                  <code key={p.key} className="mr-1 rounded bg-slate-100 px-1 font-mono">
                    {p.key}
                  </code>
                ))}
              </p>
            </Card>
          )}
        </div>
      )}
    </>
  );
}

function DownloadItem({ href, label, note, testId }: { href: string; label: string; note: string; testId?: string }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2">
      <a href={href} download className="font-medium text-brand-700 hover:underline" data-testid={testId}>
        {label}
      </a>
      <span className="text-xs text-slate-500">{note}</span>
    </li>
  );
}
