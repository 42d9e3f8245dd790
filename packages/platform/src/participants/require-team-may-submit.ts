import type { Task, Team } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

/** Whether a team has the approval its task asks for (tasks without registration approval need none). */
export function teamIsApproved(task: Pick<Task, "requiresApproval">, team: Pick<Team, "approvedAt">): boolean {
  return !task.requiresApproval || team.approvedAt !== null;
}

/** A team submits only once approved (tasks with registration approval) and while not banned. */
export function requireTeamMaySubmit(task: Pick<Task, "requiresApproval">, team: Pick<Team, "name" | "approvedAt" | "bannedAt">): void {
  if (team.bannedAt) throw new AppError("TEAM_NOT_ALLOWED", `The team "${team.name}" is banned from this task and cannot submit.`);
  if (!teamIsApproved(task, team)) {
    throw new AppError(
      "TEAM_NOT_ALLOWED",
      `The team "${team.name}" waits for an organiser's approval; expected an approved team before submitting.`,
    );
  }
}
