import katex from "katex";
import { cn } from "@/lib/cn";

/**
 * A TeX formula rendered to HTML and MathML on the server, so the page needs no script to show it
 * (and none that a Content-Security-Policy would have to allow). A formula KaTeX cannot parse is a
 * bug in the glossary data: the glossary test renders every one.
 */
export function TexFormula({ tex, className = "" }: { tex: string; className?: string }) {
  const html = katex.renderToString(tex, { displayMode: true, output: "htmlAndMathml", throwOnError: true, strict: "error" });
  // `relative`: KaTeX's hidden MathML copy is positioned absolutely; this box must contain it, or a
  // long formula's copy widens the whole page on a phone.
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output from the registry's own formulas (strict mode, no user input), rendered on the server
    <div className={cn("tex-formula relative min-w-0 max-w-full overflow-x-auto", className)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
