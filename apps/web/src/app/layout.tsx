import type { Metadata, Viewport } from "next";
import { SiteHeader } from "@/components/site/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "HierBoard", template: "%s · HierBoard" },
  description: "Shared tasks in hierarchical classification, with hierarchy-aware leaderboards.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <SiteHeader />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">{children}</main>
        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4 py-5 text-xs text-slate-500 sm:px-6">
            <span>HierBoard — shared tasks in hierarchical classification.</span>
            <span>All times are UTC.</span>
          </div>
        </footer>
      </body>
    </html>
  );
}
