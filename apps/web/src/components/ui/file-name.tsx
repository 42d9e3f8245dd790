import { Fragment } from "react";

/**
 * A file name that wraps after its separators (`_ - . /`) rather than mid-word; a part longer than
 * the line still wraps as a last resort. The full name is the hover text.
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._\-/])/);
  return (
    <span className="break-words" title={name}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
