import ReactMarkdown from "react-markdown";

/** Organiser-written markdown. Raw HTML is not rendered (react-markdown's default), so no XSS. */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose-hb">
      <ReactMarkdown>{source}</ReactMarkdown>
    </div>
  );
}
