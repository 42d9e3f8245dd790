import { z } from "zod";

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "use 2–63 lower-case letters, digits and hyphens");

/** Short keys of subtasks and phases (used in URLs and the API). */
export const keySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "use 1–32 lower-case letters, digits, hyphens and underscores");

export const titleSchema = z.string().trim().min(3).max(120);
export const descriptionSchema = z.string().max(50_000).default("");
