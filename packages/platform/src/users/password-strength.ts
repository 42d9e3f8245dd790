import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { AppError } from "../errors/app-error.ts";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's 0–4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const PASSWORD_MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return factory;
}

/**
 * Refuses a password that is too short, too long (never silently truncated) or guessable, with a
 * message saying what was expected and what was found. `related` are the account's own words
 * (email, name), which make a password weak when reused.
 */
export function checkPasswordStrength(password: string, related: string[] = []): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    throw new AppError("WEAK_PASSWORD", `Use at least ${PASSWORD_MIN_LENGTH} characters (this password has ${length}).`);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new AppError(
      "WEAK_PASSWORD",
      `Use at most ${PASSWORD_MAX_LENGTH} characters (this password has ${length}); longer passwords are refused, not cut.`,
    );
  }
  const words = related.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  const result = zxcvbn().check(password, words);
  if (result.score < PASSWORD_MIN_SCORE) {
    const hints = [result.feedback.warning, ...result.feedback.suggestions].filter((hint): hint is string => Boolean(hint));
    throw new AppError(
      "WEAK_PASSWORD",
      `This password is too easy to guess (strength ${result.score} of 4, at least ${PASSWORD_MIN_SCORE} needed).${hints.length ? ` ${hints.join(" ")}` : ""}`,
    );
  }
}
