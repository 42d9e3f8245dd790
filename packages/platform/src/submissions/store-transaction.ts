/**
 * Storing a file of up to the upload limit (50 MB) in one INSERT takes seconds on a loaded machine
 * (45 MB: 30 s at a load average of 20 here), far beyond Prisma's 5 s default for an interactive
 * transaction, which made valid files of 16–44 MB fail with nothing stored. The transaction holds
 * only the team's row lock (other teams are not blocked), so it is given room deliberately.
 */
export const STORE_TRANSACTION = { maxWait: 10_000, timeout: 120_000 };
