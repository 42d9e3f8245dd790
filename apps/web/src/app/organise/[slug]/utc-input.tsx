import { TextInput } from "@/components/ui/field";
import { toUtcInputValue } from "@/lib/utc";

/**
 * A date-time field entered in UTC (`2026-12-01 00:00`). A text field, not datetime-local:
 * browsers show that in the local zone's conventions (e.g. 12-hour clocks), which invites
 * entering local time.
 */
export function UtcInput({
  id,
  name,
  value,
  required = false,
}: {
  id: string;
  name: string;
  value: Date | string | null | undefined;
  required?: boolean;
}) {
  return (
    <TextInput
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      placeholder="2026-12-01 00:00"
      pattern="\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"
      required={required}
      className="font-mono"
      defaultValue={toUtcInputValue(value)}
    />
  );
}
