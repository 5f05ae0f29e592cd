import type { ReactNode } from 'react';

/** What a page shows when there is nothing (yet): honest, never invented data. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p>{title}</p>
      {children}
    </div>
  );
}
