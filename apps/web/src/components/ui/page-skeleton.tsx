/**
 * The loading state of a slow page (loading.tsx): a named progress status for assistive technology
 * (role=status, aria-busy), a visible line saying what is loading, and grey blocks shaped like the
 * page to come. The blocks pulse only for visitors who allow motion.
 */
export function PageSkeleton({ label, blocks }: { label: string; blocks: readonly ("table" | "card" | "verdict")[] }) {
  return (
    <div role="status" aria-busy="true" aria-live="polite" data-testid="page-skeleton" className="min-w-0">
      <div aria-hidden="true" className="mb-8 space-y-3">
        <div className="h-4 w-28 rounded bg-slate-200" />
        <div className="h-8 w-2/3 max-w-md rounded bg-slate-200" />
      </div>
      <p className="mb-4 flex items-center gap-2 text-sm text-slate-600">
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-full border-2 border-slate-300 border-t-brand-600 motion-safe:animate-spin"
        />
        {label}
      </p>
      <div aria-hidden="true" className="space-y-6 motion-safe:animate-pulse">
        {blocks.map((block, i) => (
          <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="mb-4 h-4 w-40 rounded bg-slate-200" />
            {block === "table" ? (
              <div className="space-y-2.5">
                {[0, 1, 2, 3, 4, 5].map((row) => (
                  <div key={row} className="flex gap-4">
                    <div className="h-3 w-6 rounded bg-slate-100" />
                    <div className="h-3 flex-1 rounded bg-slate-100" />
                    <div className="h-3 w-16 rounded bg-slate-100" />
                    <div className="hidden h-3 w-16 rounded bg-slate-100 sm:block" />
                  </div>
                ))}
              </div>
            ) : block === "verdict" ? (
              <div className="grid gap-3 sm:grid-cols-3">
                <div className="h-14 rounded bg-slate-100" />
                <div className="h-14 rounded bg-slate-100" />
                <div className="h-14 rounded bg-slate-100" />
              </div>
            ) : (
              <div className="space-y-2.5">
                <div className="h-3 w-full rounded bg-slate-100" />
                <div className="h-3 w-5/6 rounded bg-slate-100" />
                <div className="h-3 w-2/3 rounded bg-slate-100" />
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
