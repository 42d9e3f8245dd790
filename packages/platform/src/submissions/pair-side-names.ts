/** What names one side of a comparison: its team (or baseline label), its file and its upload time. */
export interface NamedSide {
  teamName: string | null;
  fileName: string;
  createdAt: Date;
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * Column and verdict names for a pair: "team · file", with the upload time (UTC) added when both
 * sides belong to the same team and share a file name too, so the two columns never read alike.
 *
 * @example
 * pairSideNames({ teamName: "Ada", fileName: "a.tsv", createdAt }, { teamName: "Ada", fileName: "b.tsv", createdAt });
 * // { a: "Ada · a.tsv", b: "Ada · b.tsv", title: "Ada: a.tsv vs b.tsv" }
 */
export function pairSideNames(a: NamedSide, b: NamedSide): { a: string; b: string; title: string } {
  const team = (s: NamedSide) => s.teamName ?? "Baseline";
  const sameTeam = team(a) === team(b);
  const sameFile = sameTeam && a.fileName === b.fileName;
  const name = (s: NamedSide) => `${team(s)} · ${s.fileName}${sameFile ? ` (${stamp(s.createdAt)})` : ""}`;
  const short = (s: NamedSide) => `${s.fileName}${sameFile ? ` (${stamp(s.createdAt)})` : ""}`;
  return { a: name(a), b: name(b), title: sameTeam ? `${team(a)}: ${short(a)} vs ${short(b)}` : `${name(a)} vs ${name(b)}` };
}
