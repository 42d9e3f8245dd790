import Link from "next/link";
import { getViewer } from "@/auth/viewer";
import { SignOutButton } from "./sign-out-button";

export async function SiteHeader() {
  const viewer = await getViewer();
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-slate-900" aria-label="HierBoard">
          <Logo />
          {/* On a phone the logo alone leaves room for every link of an organiser or admin. */}
          <span className="hidden sm:inline">HierBoard</span>
        </Link>
        {/* Scrolls inside itself rather than widening the page if the links still do not fit. */}
        <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto whitespace-nowrap text-sm">
          <Link href="/" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
            Tasks
          </Link>
          <Link href="/measures" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
            Measures
          </Link>
          {viewer && viewer.role !== "PARTICIPANT" && (
            <Link href="/organise" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Organise
            </Link>
          )}
          {viewer?.role === "ADMIN" && (
            <>
              <Link href="/admin/users" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                Users
              </Link>
              <Link href="/admin/status" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                Status
              </Link>
            </>
          )}
          {viewer ? (
            <>
              <Link
                href="/profile"
                className="hidden rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:inline"
                title={viewer.email}
              >
                {viewer.name}
              </Link>
              <SignOutButton />
            </>
          ) : (
            <>
              <Link href="/signin" className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100">
                Sign in
              </Link>
              <Link href="/signup" className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-brand-700">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** A tiny tree: the product in one glyph. */
function Logo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-6 text-brand-600">
      <rect x="9" y="2" width="6" height="5" rx="1.5" fill="currentColor" />
      <rect x="2" y="16" width="6" height="5" rx="1.5" fill="currentColor" opacity="0.75" />
      <rect x="9" y="16" width="6" height="5" rx="1.5" fill="currentColor" opacity="0.75" />
      <rect x="16" y="16" width="6" height="5" rx="1.5" fill="currentColor" opacity="0.75" />
      <path d="M12 7v5M5 16v-4h14v4M12 12v4" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}
