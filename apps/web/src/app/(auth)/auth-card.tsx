export function AuthCard({ title, children, footer }: { title: string; children: React.ReactNode; footer: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-sm pt-4 sm:pt-10">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      <p className="mt-4 text-center text-sm text-slate-600">{footer}</p>
    </div>
  );
}
