import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";

/** A plain GET form: the filters live in the URL, so a filtered list can be shared and reloaded. */
export function SubmissionFilters({
  teams,
  subtasks,
  current,
}: {
  teams: { id: string; name: string }[];
  subtasks: string[];
  current: { team?: string; status?: string; subtask?: string };
}) {
  return (
    <form
      method="get"
      className="mb-6 flex flex-wrap items-end gap-3 text-sm"
      data-testid="submission-filters"
      aria-label="Filter submissions"
    >
      <label className="min-w-0">
        <span className="block text-xs font-medium text-slate-600">Team</span>
        <Select name="team" defaultValue={current.team ?? ""}>
          <option value="">All teams</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </label>
      <label className="min-w-0">
        <span className="block text-xs font-medium text-slate-600">Status</span>
        <Select name="status" defaultValue={current.status ?? ""}>
          <option value="">Any status</option>
          {["QUEUED", "SCORING", "SCORED", "FAILED"].map((s) => (
            <option key={s} value={s}>
              {s.toLowerCase()}
            </option>
          ))}
        </Select>
      </label>
      <label className="min-w-0">
        <span className="block text-xs font-medium text-slate-600">Subtask</span>
        <Select name="subtask" defaultValue={current.subtask ?? ""}>
          <option value="">All subtasks</option>
          {subtasks.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </form>
  );
}
