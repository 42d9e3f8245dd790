/** What the glossary, the hover hints and `hierboard measures` say about one registry measure. */
export interface GlossaryEntry {
  /** One short sentence, for a hover hint on a board header or a report row. */
  readonly short: string;
  /** One paragraph: what is counted, and what the value means. */
  readonly definition: string;
  /** The formula in TeX (rendered with KaTeX on the web, printed as is by the CLI). */
  readonly formula: string;
}
