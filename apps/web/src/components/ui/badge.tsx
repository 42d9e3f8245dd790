import { cn } from "@/lib/cn";

type Tone = "neutral" | "info" | "progress" | "success" | "danger" | "warning";

const tones: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  info: "bg-sky-50 text-sky-800 ring-sky-600/20",
  progress: "bg-amber-50 text-amber-800 ring-amber-600/25",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-600/25",
  danger: "bg-red-50 text-red-800 ring-red-600/20",
  warning: "bg-orange-50 text-orange-800 ring-orange-600/20",
};

export function Badge({ tone = "neutral", children, title }: { tone?: Tone; children: React.ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

export type SubmissionStatus = "QUEUED" | "SCORING" | "SCORED" | "FAILED";

const statusTone: Record<SubmissionStatus, Tone> = {
  QUEUED: "info",
  SCORING: "progress",
  SCORED: "success",
  FAILED: "danger",
};

const statusLabel: Record<SubmissionStatus, string> = {
  QUEUED: "Queued",
  SCORING: "Scoring",
  SCORED: "Scored",
  FAILED: "Failed",
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const live = status === "QUEUED" || status === "SCORING";
  return (
    <Badge tone={statusTone[status]}>
      <span aria-hidden className={cn("size-1.5 rounded-full bg-current", live && "animate-pulse")} />
      {statusLabel[status]}
    </Badge>
  );
}
