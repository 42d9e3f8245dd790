import { PhaseCountdown } from "@/components/tasks/phase-countdown";
import { Badge } from "@/components/ui/badge";
import { UtcTime } from "@/components/ui/utc-time";
import { phaseState } from "@/lib/phase-state";
import { relativeTo } from "@/lib/utc";

/** A phase's UTC window with an open/upcoming/closed badge, and a live countdown in its last 48 hours. */
export function PhaseWindow({
  name,
  startsAt,
  endsAt,
  compact = false,
  now = new Date(),
}: {
  name: string;
  startsAt: string | Date;
  endsAt: string | Date;
  compact?: boolean;
  now?: Date;
}) {
  const state = phaseState(startsAt, endsAt, now);
  const badge =
    state === "open" ? (
      <Badge tone="success">Open · closes {relativeTo(endsAt, now)}</Badge>
    ) : state === "upcoming" ? (
      <Badge tone="info">Opens {relativeTo(startsAt, now)}</Badge>
    ) : (
      <Badge>Closed</Badge>
    );
  if (compact) {
    return (
      <span className="inline-flex items-center gap-2">
        <span className="font-medium text-slate-700">{name}</span>
        {badge}
      </span>
    );
  }
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        {badge}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
        <dt className="text-slate-500">Opens</dt>
        <dd>
          <UtcTime value={startsAt} />
        </dd>
        <dt className="text-slate-500">Closes</dt>
        <dd>
          <UtcTime value={endsAt} />
        </dd>
      </dl>
      {state === "open" && <PhaseCountdown endsAt={endsAt} />}
    </div>
  );
}
