import { AppError } from "../errors/app-error.ts";

/** Why a task file's name was refused; `details.reason` of the INVALID_INPUT error. */
export type TaskFileNameProblem =
  | "EMPTY"
  | "TOO_LONG"
  | "PATH"
  | "DOT_NAME"
  | "HIDDEN"
  | "CONTROL_CHARACTER"
  | "INVISIBLE_CHARACTER"
  | "UNUSUAL_WHITESPACE"
  | "RESERVED_CHARACTER"
  | "TRAILING_DOT_OR_SPACE"
  | "DEVICE_NAME";

export const TASK_FILE_NAME_MAX_LENGTH = 120;
export const TASK_FILE_DISPLAY_NAME_MAX_LENGTH = 120;

// Control characters (C0, DEL, C1): newlines would split a Content-Disposition header.
const CONTROL = /\p{Cc}/u;
// Format characters (bidi overrides such as U+202E, zero-width spaces and joiners, the BOM) and lone
// surrogates: they make a name look like another one ("report\u202Etxt.exe" shows as "reportexe.txt").
const INVISIBLE = /[\p{Cf}\p{Cs}]/u;
// Any whitespace but the plain space (no-break, ideographic, line and paragraph separators).
const UNUSUAL_WHITESPACE = /[^\S ]/u;
// Characters Windows does not allow in a file name; a download named with them is renamed or fails.
const RESERVED = /[<>:"|?*]/;
// DOS device names, with or without an extension, which Windows cannot save as ordinary files.
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The name with every invisible or control character spelled out as `\u{…}`, safe to show in a message. */
export function visibleName(name: string): string {
  const shown = [...name]
    .map((c) =>
      CONTROL.test(c) || INVISIBLE.test(c) || UNUSUAL_WHITESPACE.test(c) ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c,
    )
    .join("");
  return shown.length > 80 ? `${shown.slice(0, 77)}…` : shown;
}

const firstCodePoint = (name: string, pattern: RegExp) => {
  const c = [...name].find((ch) => pattern.test(ch))!;
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
};

/** The first problem of a download name, or null when it is a plain file name. */
export function taskFileNameProblem(name: string): { reason: TaskFileNameProblem; message: string } | null {
  if (name.length === 0) return { reason: "EMPTY", message: "expected a file name, got an empty one" };
  if (CONTROL.test(name))
    return { reason: "CONTROL_CHARACTER", message: `expected no control characters, found ${firstCodePoint(name, CONTROL)}` };
  if (INVISIBLE.test(name))
    return {
      reason: "INVISIBLE_CHARACTER",
      message: `expected no invisible formatting characters (they can disguise a name), found ${firstCodePoint(name, INVISIBLE)}`,
    };
  if (UNUSUAL_WHITESPACE.test(name))
    return {
      reason: "UNUSUAL_WHITESPACE",
      message: `expected plain spaces only, found ${firstCodePoint(name, UNUSUAL_WHITESPACE)}`,
    };
  if ([...name].length > TASK_FILE_NAME_MAX_LENGTH || Buffer.byteLength(name) > 255)
    return {
      reason: "TOO_LONG",
      message: `expected at most ${TASK_FILE_NAME_MAX_LENGTH} characters and 255 bytes, found ${[...name].length} and ${Buffer.byteLength(name)}`,
    };
  if (/[/\\]/.test(name)) return { reason: "PATH", message: "expected a bare file name, found a path (/ or \\)" };
  if (name === "." || name === "..") return { reason: "DOT_NAME", message: `expected a file name, found "${name}"` };
  if (name.startsWith(".")) return { reason: "HIDDEN", message: "expected a name that does not start with a dot (a hidden file)" };
  if (RESERVED.test(name))
    return { reason: "RESERVED_CHARACTER", message: `expected none of < > : " | ? *, found ${RESERVED.exec(name)![0]}` };
  if (/[. ]$/.test(name) || name.startsWith(" "))
    return { reason: "TRAILING_DOT_OR_SPACE", message: "expected no space at either end and no dot at the end" };
  if (DEVICE.test(name))
    return { reason: "DEVICE_NAME", message: `expected an ordinary name, found the device name ${name.split(".")[0]}` };
  return null;
}

/**
 * A task file's download name, NFC-normalised, or INVALID_INPUT naming the problem. Nothing is
 * rewritten silently: a path, a hidden file, a control or invisible character (bidi overrides,
 * zero-width spaces), Windows-reserved characters and device names are refused, because the name
 * reaches every participant's disk and every Content-Disposition header.
 */
export function checkTaskFileName(raw: string): string {
  const name = raw.normalize("NFC");
  const problem = taskFileNameProblem(name);
  if (problem)
    throw new AppError("INVALID_INPUT", `File name "${visibleName(name)}": ${problem.message}.`, {
      field: "fileName",
      reason: problem.reason,
    });
  return name;
}

/** The first problem of a (trimmed) display name, or null. */
export function taskFileDisplayNameProblem(name: string): { reason: TaskFileNameProblem; message: string } | null {
  if (name.length === 0) return { reason: "EMPTY", message: "expected a name, got an empty one" };
  if (CONTROL.test(name))
    return { reason: "CONTROL_CHARACTER", message: `expected no control characters, found ${firstCodePoint(name, CONTROL)}` };
  if (INVISIBLE.test(name))
    return {
      reason: "INVISIBLE_CHARACTER",
      message: `expected no invisible formatting characters, found ${firstCodePoint(name, INVISIBLE)}`,
    };
  if (UNUSUAL_WHITESPACE.test(name))
    return { reason: "UNUSUAL_WHITESPACE", message: `expected plain spaces only, found ${firstCodePoint(name, UNUSUAL_WHITESPACE)}` };
  if ([...name].length > TASK_FILE_DISPLAY_NAME_MAX_LENGTH)
    return { reason: "TOO_LONG", message: `expected at most ${TASK_FILE_DISPLAY_NAME_MAX_LENGTH} characters, found ${[...name].length}` };
  return null;
}

/**
 * A task file's display name: trimmed and NFC-normalised, 1–120 characters, no control, invisible or
 * unusual whitespace characters (a display name must read as what it is). Empty means "use the file name".
 */
export function checkTaskFileDisplayName(raw: string | undefined, fileName: string): string {
  const name = (raw ?? "").normalize("NFC").trim();
  if (name === "") return fileName;
  const problem = taskFileDisplayNameProblem(name);
  if (problem)
    throw new AppError("INVALID_INPUT", `Display name "${visibleName(name)}": ${problem.message}.`, {
      field: "name",
      reason: problem.reason,
    });
  return name;
}
