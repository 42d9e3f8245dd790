import type { RefusedUploadRow } from "@hierboard/platform";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";

const KIND_NAMES: Record<RefusedUploadRow["kind"], string> = { PREDICTION: "Predictions", GOLD: "Gold", TAXONOMY: "Taxonomy" };

/** Uploads refused for their content, newest first: who, when, where and the first problem (never the file). */
export function RefusedUploadsSection({ refused }: { refused: { rows: RefusedUploadRow[]; kept: number; limit: number } }) {
  const { rows, kept, limit } = refused;
  return (
    <Card
      id="refused"
      title="Refused uploads"
      description={`Prediction, gold and taxonomy files the platform refused for their content, newest first, with the first problem the uploader was shown. The files themselves are not kept; the newest ${limit} refusals are.`}
    >
      {rows.length === 0 ? (
        <EmptyState title="No refused uploads" />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" data-testid="refused-uploads">
            {rows.map((row) => (
              <li key={row.id} className="py-3 text-sm" data-testid="refused-upload">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
                  <Badge tone="neutral">{KIND_NAMES[row.kind]}</Badge>
                  <span className="break-all font-mono text-[13px]">{row.fileName}</span>
                  {(row.subtaskKey || row.phaseKey) && (
                    <span className="text-slate-500">
                      {[row.subtaskKey && `subtask ${row.subtaskKey}`, row.phaseKey && `phase ${row.phaseKey}`].filter(Boolean).join(", ")}
                    </span>
                  )}
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  <UtcTime value={row.createdAt} /> · {row.user ? `${row.user.name} (${row.user.email})` : "a deleted account"}
                  {row.team && ` · team ${row.team}`}
                </p>
                <p className="mt-1 break-words font-mono text-[13px] text-red-800">
                  {row.problem}
                  {row.problems > 1 && <span className="text-slate-500"> — {row.problems} problems in all</span>}
                </p>
              </li>
            ))}
          </ul>
          {kept > rows.length && (
            <p className="mt-2 text-xs text-slate-500">
              The newest {rows.length} of {kept} kept.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
