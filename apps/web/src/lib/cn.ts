import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names (falsy parts dropped) and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
