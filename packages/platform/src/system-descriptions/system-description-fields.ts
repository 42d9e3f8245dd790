import { z } from "zod";

export const SYSTEM_NAME_MAX = 80;
export const SYSTEM_DESCRIPTION_MAX = 4000;
export const PAPER_URL_MAX = 500;

// Control characters other than tab and newline: invisible, and in a name they break one-line layouts.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to find control characters
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to find control characters
const CONTROL_OR_NEWLINE = /[\u0000-\u001F\u007F]/;

/**
 * Why `value` is not a paper link (null when it is): an absolute http:// or https:// address with a
 * host and no user name or password. Everything else (`javascript:`, `data:`, relative paths) is
 * refused, so a stored link is safe to put in an `href`.
 */
export function paperUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `expected an address such as https://aclanthology.org/…, found "${value.slice(0, 40)}"`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `expected an http:// or https:// address, found "${url.protocol}"`;
  if (url.hostname === "") return "expected an address with a host name";
  if (url.username !== "" || url.password !== "") return "expected an address without a user name or password";
  return null;
}

const lengthMessage = (max: number, what: string) => ({ message: `expected at most ${max} characters in the ${what}` });

/**
 * A team's or a run's system name, description and paper link: plain text, checked as the user
 * typed them ("" clears one). An update sets only the fields it names.
 */
export const systemDescriptionFields = z.object({
  systemName: z
    .string()
    .trim()
    .max(SYSTEM_NAME_MAX, lengthMessage(SYSTEM_NAME_MAX, "system name"))
    .refine((s) => !CONTROL_OR_NEWLINE.test(s), "expected the system name on one line, without control characters"),
  // Browsers send a textarea's line breaks as CRLF: stored as LF.
  systemDescription: z
    .string()
    .transform((s) => s.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .max(SYSTEM_DESCRIPTION_MAX, lengthMessage(SYSTEM_DESCRIPTION_MAX, "description"))
        .refine((s) => !CONTROL.test(s), "expected the description without control characters"),
    ),
  paperUrl: z
    .string()
    .trim()
    .max(PAPER_URL_MAX, lengthMessage(PAPER_URL_MAX, "paper link"))
    .superRefine((value, ctx) => {
      const problem = value === "" ? null : paperUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

export type SystemDescription = z.output<typeof systemDescriptionFields>;

/** The fields an update names; the others stay as they are. */
export const systemDescriptionUpdate = systemDescriptionFields.partial();
