import type { BoardSplitInfo } from "../leaderboard/board-types.ts";
import type { SplitPart } from "./gold-part.ts";

const percent = (f: number) => `${Math.round(f * 1000) / 10} %`;

/**
 * One sentence naming the part of the test set a split board ranks on, for the board's caption and
 * the paper table's: the part, its share of the documents, how the counted runs were chosen, and
 * while the private part is hidden, when it comes out.
 *
 * @example splitSentence("public", { publicFraction: 0.3, privateShown: false })
 * // "Scores on the public part of the test set (30 % of the documents); the private part (70 %) stays hidden until the phase ends."
 */
export function splitSentence(part: SplitPart, split: BoardSplitInfo): string {
  const pub = percent(split.publicFraction);
  const priv = percent(1 - split.publicFraction);
  if (part === "private") {
    return `Scores on the private part of the test set (${priv} of the documents), for the runs that counted on the public part (${pub}); the shake-up is each run's move from its public rank.`;
  }
  return split.privateShown
    ? `Scores on the public part of the test set (${pub} of the documents); the final ranking is on the private part (${priv}).`
    : `Scores on the public part of the test set (${pub} of the documents); the private part (${priv}) stays hidden until the phase ends.`;
}

/**
 * The split as a rule for participants (the Data tab): what they see during the phase, what decides
 * the final ranking, and that which documents are public stays secret.
 *
 * @example splitRule(0.3, false)
 * // "Split test set: until the phase ends, scores are on a public part of 30 % of the documents (which ones stays secret); the runs that count are chosen there, and the final ranking is on the private 70 %, shown when the phase ends."
 */
export function splitRule(publicFraction: number, blind: boolean): string {
  const when = blind ? "when the results are published" : "when the phase ends";
  return `Split test set: until the phase ends, scores are on a public part of ${percent(publicFraction)} of the documents (which ones stays secret); the runs that count are chosen there, and the final ranking is on the private ${percent(1 - publicFraction)}, shown ${when}.`;
}
