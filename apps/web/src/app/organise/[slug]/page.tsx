import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTaskConsole, listRefusedUploads } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { TaskDetailsSection } from "./task-details-section";
import { TaxonomySection } from "./taxonomy-section";
import { SubtasksSection } from "./subtasks-section";
import { PhasesSection } from "./phases-section";
import { PreviewSection } from "./preview-section";
import { BundleSection } from "./bundle-section";
import { LifecycleSection } from "./lifecycle-section";
import { FilesSection } from "./files-section";
import { RefusedUploadsSection } from "./refused-uploads-section";
import { env } from "@/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Organiser console" };

const sections = [
  ["lifecycle", "Status"],
  ["details", "Details"],
  ["taxonomy", "Taxonomy"],
  ["subtasks", "Subtasks"],
  ["phases", "Phases & gold"],
  ["files", "Public files"],
  ["refused", "Refused uploads"],
  ["preview", "Preview"],
  ["bundle", "Bundle & paper"],
] as const;

export default async function TaskConsolePage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ phase?: string; subtask?: string }>;
}) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireViewer(`/organise/${slug}`);
  const consoleData = await orPageError(getTaskConsole({ slug, userId: viewer.id }));
  if (!consoleData) notFound();
  const { task } = consoleData;
  const refused = await listRefusedUploads({ userId: viewer.id, slug });
  const host = (await headers()).get("host") ?? "localhost";
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/organise" className="hover:underline">
            ← Organiser console
          </Link>
        }
        title={task.title}
        description={<span className="font-mono text-sm">{task.slug}</span>}
        actions={
          <>
            <ButtonLink href={`/organise/${task.slug}/submissions`} variant="secondary">
              All submissions
            </ButtonLink>
            <ButtonLink href={`/organise/${task.slug}/node-heat-map`} variant="secondary">
              Per-node F1
            </ButtonLink>
            <ButtonLink href={`/organise/${task.slug}/participants`} variant="secondary">
              Participants
            </ButtonLink>
            <ButtonLink href={`/organise/${task.slug}/audit`} variant="secondary">
              Audit log
            </ButtonLink>
            <ButtonLink href={`/tasks/${task.slug}`} variant="secondary">
              View public page
            </ButtonLink>
          </>
        }
      />
      <nav aria-label="Console sections" className="-mx-4 mb-6 border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 overflow-x-auto py-2 text-sm">
          {sections.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="block whitespace-nowrap rounded-md px-3 py-1.5 text-slate-700 hover:bg-white hover:text-slate-900"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-8">
        <LifecycleSection
          task={task}
          missing={consoleData.missingForPublish}
          origin={`${host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https"}://${host}`}
        />
        <TaskDetailsSection task={task} owners={consoleData.owners} />
        <TaxonomySection slug={task.slug} taxonomies={consoleData.taxonomies} />
        <SubtasksSection
          slug={task.slug}
          subtasks={consoleData.subtasks}
          taxonomies={consoleData.taxonomies}
          measures={consoleData.measures}
        />
        <PhasesSection slug={task.slug} phases={consoleData.phases} userId={viewer.id} />
        <FilesSection slug={task.slug} files={consoleData.files} phases={consoleData.phases} limitBytes={env.uploadLimitBytes} />
        <RefusedUploadsSection refused={refused} />
        <PreviewSection
          slug={task.slug}
          viewerId={viewer.id}
          phases={consoleData.phases}
          subtasks={consoleData.subtasks}
          phaseKey={query.phase}
          subtaskKey={query.subtask}
        />
        <BundleSection slug={task.slug} phases={consoleData.phases} subtasks={consoleData.subtasks} />
      </div>
    </>
  );
}
