import { Field, TextInput } from "@/components/ui/field";

/** The key (fixed once created: it is in URLs and the API) and the name of a subtask or phase. */
export function KeyNameFields({
  idOf,
  existing,
  keyHint,
  namePlaceholder,
}: {
  idOf: (name: string) => string;
  existing?: { key: string; name: string };
  keyHint: string;
  namePlaceholder: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label="Key" htmlFor={idOf("key")} hint={keyHint}>
        <TextInput id={idOf("key")} name="key" defaultValue={existing?.key} required readOnly={existing !== undefined} />
      </Field>
      <div className="sm:col-span-2">
        <Field label="Name" htmlFor={idOf("name")}>
          <TextInput id={idOf("name")} name="name" defaultValue={existing?.name} required placeholder={namePlaceholder} />
        </Field>
      </div>
    </div>
  );
}
