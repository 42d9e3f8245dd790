import { paperUrlProblem, type SystemDescription } from "@hierboard/platform";

/**
 * A system's name, description and paper link as plain text: React escapes the text, and the link
 * is rendered only when it passes the platform's http(s) check again (never `javascript:`).
 */
export function SystemDescriptionText({ description, empty }: { description: SystemDescription; empty?: string }) {
  const { systemName, systemDescription, paperUrl } = description;
  const link = paperUrl !== "" && paperUrlProblem(paperUrl) === null ? paperUrl : null;
  if (!systemName && !systemDescription && !link) return empty ? <p className="text-sm text-slate-500">{empty}</p> : null;
  return (
    <div className="min-w-0 space-y-1.5 text-sm">
      {systemName && <p className="font-medium text-slate-900">{systemName}</p>}
      {systemDescription && <p className="whitespace-pre-line break-words text-slate-700">{systemDescription}</p>}
      {link && (
        <p className="break-all">
          <span className="text-slate-500">Paper: </span>
          <a href={link} rel="nofollow noopener noreferrer ugc" target="_blank" className="text-brand-700 hover:underline">
            {link}
          </a>
        </p>
      )}
    </div>
  );
}
