import { AppError } from "../errors/app-error.ts";

export interface LineBudget {
  /** Lines with content allowed (documents, plus section headers). */
  maxContentLines: number;
  /** Blank lines allowed (only spaces, tabs or a CR). */
  maxBlankLines: number;
}

/**
 * The most lines a prediction for `goldDocuments` documents may have: every gold document once
 * per section the file may hold (a GermEval file carries two), plus a margin of 1% (at least 16)
 * for headers and stray lines; as many blank lines as documents plus the margin.
 */
export function lineBudget(goldDocuments: number, sections: 1 | 2): LineBudget {
  const margin = Math.max(16, Math.ceil(goldDocuments / 100));
  return { maxContentLines: sections * (goldDocuments + margin), maxBlankLines: goldDocuments + margin };
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * One pass over the raw bytes, before any decoding: refuses a file with more content lines or
 * blank lines than the budget as soon as the first line over it is seen, and a file with no
 * content line at all ("no documents"). Cost: one byte comparison per byte, no allocation.
 */
export function checkLineBudget(bytes: Uint8Array, fileName: string, budget: LineBudget): void {
  let content = 0;
  let blank = 0;
  let line = 1;
  let lineHasContent = false;
  const endLine = () => {
    if (lineHasContent) content += 1;
    else blank += 1;
    if (content > budget.maxContentLines) {
      throw new AppError(
        "INVALID_FILE",
        `${fileName}:${line}: expected at most ${budget.maxContentLines} lines with documents (the gold has fewer documents), got more`,
        {
          issues: [
            {
              message: `${fileName}:${line}: too many lines`,
              detail: `expected at most ${budget.maxContentLines} lines with documents (the gold has fewer documents), got more`,
              code: "TOO_MANY_LINES",
              file: fileName,
              line,
            },
          ],
        },
      );
    }
    if (blank > budget.maxBlankLines) {
      throw new AppError("INVALID_FILE", `${fileName}:${line}: expected at most ${budget.maxBlankLines} blank lines, got more`, {
        issues: [
          {
            message: `${fileName}:${line}: too many blank lines`,
            detail: `expected at most ${budget.maxBlankLines} blank lines, got more`,
            code: "TOO_MANY_BLANK_LINES",
            file: fileName,
            line,
          },
        ],
      });
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === LF) {
      endLine();
      line += 1;
      lineHasContent = false;
    } else if (!lineHasContent && b !== SPACE && b !== TAB && b !== CR) lineHasContent = true;
  }
  if (lineHasContent) content += 1;
  if (content === 0) {
    throw new AppError("INVALID_FILE", `${fileName}: expected at least one document, got no documents (the file is empty or blank)`, {
      issues: [
        {
          message: `${fileName}: no documents`,
          detail: "expected at least one document, got no documents (the file is empty or blank)",
          code: "NO_DOCUMENTS",
          file: fileName,
        },
      ],
    });
  }
}
