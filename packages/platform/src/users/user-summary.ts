import type { Role, User } from "@hierboard/db";

/** A user as the web app sees one: never the password hash. */
export interface UserSummary {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Carried in the session token; see getSessionUser. */
  sessionVersion: number;
}

export function toUserSummary(user: User): UserSummary {
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}
