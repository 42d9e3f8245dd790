import { systemDescriptionFields } from "@hierboard/platform";

/** The description form: the platform's own checks (http(s) links only, length limits, plain text). */
export const descriptionFormSchema = systemDescriptionFields;
