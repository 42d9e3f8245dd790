"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { IssueList } from "@/components/ui/issue-list";
import { formatBytes } from "@/lib/format-score";
import type { Issue } from "@/server/problem";

interface Option {
  key: string;
  name: string;
}

type State =
  | { kind: "idle" }
  | { kind: "uploading" }
  | { kind: "accepted"; id: string; warnings: string[] }
  | { kind: "rejected"; message: string; issues: Issue[]; hint?: string };

/**
 * File picker plus drag-and-drop. The file goes to the same REST route that
 * scripts use, so the browser and the API share one validation path; the
 * server answers at once with line-numbered errors or the queued submission.
 */
export function SubmissionUploader({
  slug,
  subtasks,
  phases,
  limitBytes,
}: {
  slug: string;
  subtasks: Option[];
  phases: Option[];
  limitBytes: number;
}) {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });

  if (phases.length === 0) {
    return <p className="text-sm text-slate-600">No phase is open for submissions right now.</p>;
  }

  function choose(next: File | undefined) {
    if (!next) return;
    setFile(next);
    setState(
      next.size > limitBytes
        ? { kind: "rejected", message: `The file is ${formatBytes(next.size)}; the limit is ${formatBytes(limitBytes)}.`, issues: [] }
        : { kind: "idle" },
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setState({ kind: "rejected", message: "Choose a prediction file first.", issues: [] });
      return;
    }
    const form = new FormData(event.currentTarget);
    form.delete("file-picker"); // the same file, sent once as "file"
    form.set("file", file);
    setState({ kind: "uploading" });
    try {
      const response = await fetch(`/api/tasks/${encodeURIComponent(slug)}/submissions`, { method: "POST", body: form });
      const body = (await response.json().catch(() => null)) as {
        submission?: { id: string; warnings?: string[] };
        error?: { message: string; issues?: Issue[]; hint?: string };
      } | null;
      if (response.ok && body?.submission) {
        setState({ kind: "accepted", id: body.submission.id, warnings: body.submission.warnings ?? [] });
        setFile(null);
        if (inputRef.current) inputRef.current.value = "";
        router.refresh();
      } else {
        setState({
          kind: "rejected",
          message: body?.error?.message ?? `Upload failed (HTTP ${response.status}).`,
          issues: body?.error?.issues ?? [],
          ...(body?.error?.hint ? { hint: body.error.hint } : {}),
        });
      }
    } catch {
      setState({ kind: "rejected", message: "The upload did not reach the server. Check your connection.", issues: [] });
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Subtask" htmlFor="upload-subtask">
          <Select id="upload-subtask" name="subtask" defaultValue={subtasks[0]?.key}>
            {subtasks.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Phase" htmlFor="upload-phase">
          <Select id="upload-phase" name="phase" defaultValue={phases[0]?.key}>
            {phases.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse only; the file input inside is the keyboard control */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
        data-testid="dropzone"
        className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
          dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50/60"
        }`}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="mb-2 size-8 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {file ? (
          <p className="text-sm">
            <span className="font-medium text-slate-900">{file.name}</span>{" "}
            <span className="text-slate-500">({formatBytes(file.size)})</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">Drag a prediction file here, or</p>
        )}
        <label className="mt-2 cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          {file ? "choose another file" : "choose a file"}
          <input
            ref={inputRef}
            type="file"
            name="file-picker"
            aria-label="Prediction file"
            className="sr-only"
            accept=".txt,.tsv,.jsonl,.json,text/plain"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        <p className="mt-2 text-xs text-slate-500">
          TSV (<code>id⇥label⇥label…</code>), GermEval two-section, or JSON Lines · up to {formatBytes(limitBytes)}
        </p>
      </div>

      {state.kind === "rejected" && <IssueList message={state.message} issues={state.issues} hint={state.hint} />}
      {state.kind === "accepted" && (
        <p role="status" data-testid="upload-accepted" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          File accepted and queued for scoring. Its status updates below.
          {state.warnings.length > 0 && (
            <span className="mt-2 block text-amber-900">
              <span className="font-medium">Warnings:</span>
              <span className="mt-1 block space-y-0.5 font-mono text-[12px]">
                {state.warnings.slice(0, 10).map((warning, index) => (
                  <span key={index} className="block">
                    {warning}
                  </span>
                ))}
                {state.warnings.length > 10 && <span className="block">…and {state.warnings.length - 10} more</span>}
              </span>
            </span>
          )}
        </p>
      )}

      <Button type="submit" disabled={state.kind === "uploading" || !file}>
        {state.kind === "uploading" ? "Validating…" : "Submit"}
      </Button>
    </form>
  );
}
