/** The card the sign-in and set-up screens sit in: the admin's name above, centred on a phone. */
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-stone-50 px-4 pt-16">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Shop admin</p>
        <h1 className="mt-1 mb-5 text-xl font-semibold text-stone-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
