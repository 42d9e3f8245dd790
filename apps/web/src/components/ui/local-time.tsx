"use client";

import { useEffect, useState } from "react";

/** The viewer's local wall-clock time of an instant, in brackets; empty on the server (its zone is not the viewer's). */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(new Date(iso).toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }));
  }, [iso]);
  return text ? <span className="text-slate-500"> ({text} your time)</span> : null;
}
