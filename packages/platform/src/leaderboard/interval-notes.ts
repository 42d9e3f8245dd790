import { DEFAULT_INTERVAL_METHOD, INTERVAL_METHOD_NAMES } from "@hierboard/metrics";

/** The method of the platform's bootstrap intervals, as captions name it ("95% BCa bootstrap intervals"). */
export const INTERVAL_METHOD_NAME = INTERVAL_METHOD_NAMES[DEFAULT_INTERVAL_METHOD];

/** The mark beside an interval that does not contain its score. */
export const EXCLUDES_ESTIMATE_MARK = "‡";

/** The one line that explains the mark, wherever it is shown. */
export const EXCLUDES_ESTIMATE_NOTE =
  "‡ The interval does not contain the score: the score lies outside nearly every bootstrap resample, as happens to biased measures such as macro averages over rare labels.";
