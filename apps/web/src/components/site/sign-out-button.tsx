"use client";

import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => void signOut({ callbackUrl: "/" })}
      className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      Sign out
    </button>
  );
}
