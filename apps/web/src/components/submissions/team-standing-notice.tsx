const text = {
  "awaiting-approval": "Your team waits for an organiser's approval. You can submit once it is approved.",
  banned: "Your team is banned from this task and cannot submit.",
  disqualified: "Your team is disqualified: its runs do not appear on the board.",
} as const;

/** Says on the team page when the team cannot take part normally; nothing when all is well. */
export function TeamStandingNotice({ standing }: { standing: "ok" | "awaiting-approval" | "banned" | "disqualified" | null }) {
  if (standing === null || standing === "ok") return null;
  return (
    <p
      role="note"
      data-testid="team-standing"
      className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      {text[standing]}
    </p>
  );
}
