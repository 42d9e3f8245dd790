import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { notify } from "../notifications/notify.ts";
import { touchTaskBoards } from "./touch-task-boards.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const moderateTeamInput = z
  .object({
    userId: z.string().min(1),
    slug: z.string().min(1),
    teamId: z.string().min(1),
    action: z.enum(["approve", "ban", "unban", "disqualify", "reinstate"]),
    reason: z.string().trim().max(1000).default(""),
  })
  .refine((d) => !["ban", "disqualify"].includes(d.action) || d.reason.length >= 3, {
    path: ["reason"],
    message: "give a reason (it goes into the audit log)",
  });

const field = {
  approve: "approvedAt",
  ban: "bannedAt",
  unban: "bannedAt",
  disqualify: "disqualifiedAt",
  reinstate: "disqualifiedAt",
} as const;

/**
 * An organiser approves a team (tasks with registration approval), bans it (no more submissions),
 * or disqualifies it (hidden from every board of the task); ban and disqualify need a reason,
 * which the audit log keeps. `unban` and `reinstate` undo them. Approving, banning (for a team
 * still awaiting approval: refusing it) and disqualifying mail the team's members, with the reason.
 */
export async function moderateTeam(input: z.input<typeof moderateTeamInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = moderateTeamInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const now = ctx.now();
  const changed = await ctx.db.$transaction(async (tx) => {
    const team = await tx.team.findUnique({ where: { id: data.teamId } });
    if (!team || team.taskId !== task.id) throw new AppError("NOT_FOUND", `No such team in ${task.slug}.`);
    const key = field[data.action];
    const set = data.action === "approve" || data.action === "ban" || data.action === "disqualify";
    const before = team[key] !== null;
    await tx.team.update({ where: { id: team.id }, data: { [key]: set ? (team[key] ?? now) : null } });
    if (key === "disqualifiedAt") await touchTaskBoards(tx, task.id, now);
    const state = { approvedAt: "approved", bannedAt: "banned", disqualifiedAt: "disqualified" }[key];
    await writeAudit(tx, {
      actorId: user.id,
      action: `team.${data.action}`,
      targetType: "team",
      targetId: team.id,
      details: { team: team.name, before: { [state]: before }, after: { [state]: set }, ...(data.reason ? { reason: data.reason } : {}) },
    });
    return set && !before;
  });
  if (field[data.action] === "disqualifiedAt") await enqueueBoardJobs(ctx, { taskId: task.id });
  const decision = { approve: "approved", ban: "refused", disqualify: "disqualified" } as const;
  if (changed && data.action in decision) {
    const action = data.action as keyof typeof decision;
    await notify(ctx, { kind: "team-decision", teamId: data.teamId, decision: decision[action], reason: data.reason });
  }
}
