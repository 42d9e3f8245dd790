"use client";

import { useEffect, useState } from "react";
import { countdownText } from "@/lib/countdown";
import { formatUtc } from "@/lib/utc";

/**
 * A live `HH:MM:SS` countdown to a phase's end, shown only when the phase
 * closes within 48 hours. Fixed-width digits, so ticking never shifts the layout.
 */
export function PhaseCountdown({ endsAt, label = "Closes in" }: { endsAt: string | Date; label?: string }) {
  const end = new Date(endsAt).toISOString();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdownText(end, now);
  if (left === null) return null;
  return (
    <p className="text-sm text-amber-800" data-testid="phase-countdown">
      {label}{" "}
      <time dateTime={end} className="tabular font-semibold" suppressHydrationWarning>
        {left}
      </time>{" "}
      <span className="text-amber-700">(until {formatUtc(end)})</span>
    </p>
  );
}
