/** The neighbour test of every board: approximate randomisation, fixed resamples and seed, α = 0.05. */
export const TIE_TEST = { method: "randomization" as const, resamples: 1000, alpha: 0.05, seed: 1 };
