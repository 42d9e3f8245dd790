import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/** `GET /api/health` — the process answers; nothing else is checked (see `/api/ready`). */
export const GET = apiRoute({ route: "/api/health", auth: "none", quiet: true }, () => Response.json({ ok: true }));
