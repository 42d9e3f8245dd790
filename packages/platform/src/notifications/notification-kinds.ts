import type { NotificationKind } from "@hierboard/db";

export type { NotificationKind };

/** The headings the profile page lists the switches under (in the order of NOTIFICATIONS, which keeps each group together). */
export type NotificationGroup = "Runs" | "My team" | "Phases and results" | "My account" | "Tasks I organise";

/** Every mail an account can switch off, in the order the profile lists them. */
export const NOTIFICATIONS: {
  kind: NotificationKind;
  group: NotificationGroup;
  label: string;
  description: string;
  organisers?: true;
}[] = [
  {
    kind: "SUBMISSION_SCORED",
    group: "Runs",
    label: "A run of my team was scored",
    description: "With the main score and a link (scores stay hidden in a blind phase). At most one mail per team every 10 minutes.",
  },
  { kind: "SUBMISSION_FAILED", group: "Runs", label: "A run of my team failed to score", description: "With the reason." },
  {
    kind: "TEAM_APPROVED",
    group: "My team",
    label: "My team was approved",
    description: "When a task's organisers approve your team's registration.",
  },
  {
    kind: "TEAM_REFUSED",
    group: "My team",
    label: "My team was refused or banned",
    description: "With the organisers' reason, as they wrote it.",
  },
  {
    kind: "TEAM_DISQUALIFIED",
    group: "My team",
    label: "My team was disqualified",
    description: "With the organisers' reason, as they wrote it.",
  },
  {
    kind: "PHASE_CLOSING",
    group: "Phases and results",
    label: "A phase closes in 24 hours",
    description: "One reminder per phase and deadline, for each task your team takes part in.",
  },
  {
    kind: "RESULTS_PUBLISHED",
    group: "Phases and results",
    label: "Results were published",
    description: "When the results of a phase your team submitted to become public: published by the organisers, or a private phase ended.",
  },
  {
    kind: "HOST_REQUEST_ANSWERED",
    group: "My account",
    label: "My request to host tasks was answered",
    description: "Approved or refused, by an administrator.",
  },
  {
    kind: "ORGANISER_JOIN_REQUEST",
    group: "Tasks I organise",
    label: "A team asks to join a task I organise",
    description: "When a team registers in a task that needs your approval.",
    organisers: true,
  },
  {
    kind: "ORGANISER_SUBMISSION_FAILED",
    group: "Tasks I organise",
    label: "A submission to a task I organise failed to score",
    description: "With the team and the reason.",
    organisers: true,
  },
];

export function isNotificationKind(value: string): value is NotificationKind {
  return NOTIFICATIONS.some((n) => n.kind === value);
}
