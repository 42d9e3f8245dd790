import { forbidden, notFound } from "next/navigation";
import { appErrorFrom, httpStatusFor } from "@hierboard/platform";

/**
 * For pages: runs a platform call and turns the caller's errors into the page the status calls
 * for, through the one AppError → status map: 403 renders the forbidden page (HTTP 403), any other
 * 4xx the not-found page (HTTP 404: a bad or foreign id is "no such page" to this viewer).
 * Anything else stays an error (500).
 */
export async function orPageError<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (error) {
    const appError = appErrorFrom(error);
    if (!appError) throw error;
    const status = httpStatusFor(appError);
    if (status === 403) forbidden();
    if (status >= 400 && status < 500) notFound();
    throw error;
  }
}
