import type { NotificationKind } from "@hierboard/db";

export type { NotificationKind };

/** Every mail an account can switch off, in the order the profile lists them. */
export const NOTIFICATIONS: { kind: NotificationKind; label: string; description: string; organisers?: true }[] = [
  {
    kind: "SUBMISSION_SCORED",
    label: "A run of my team was scored",
    description: "With the main score and a link (scores stay hidden in a blind phase). At most one mail per team every 10 minutes.",
  },
  { kind: "SUBMISSION_FAILED", label: "A run of my team failed to score", description: "With the reason." },
  {
    kind: "ORGANISER_SUBMISSION_FAILED",
    label: "A submission to a task I organise failed to score",
    description: "With the team and the reason.",
    organisers: true,
  },
];

export function isNotificationKind(value: string): value is NotificationKind {
  return NOTIFICATIONS.some((n) => n.kind === value);
}
