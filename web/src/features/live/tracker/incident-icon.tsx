import type { IncidentKind } from '@kupon/domain';

/** Inline SVG per incident (no emoji font): the colours come from tracker.css. */
export function IncidentIcon({ kind }: { kind: IncidentKind }) {
  return (
    <svg className={`incident-icon incident-icon--${kind}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {kind === 'goal' && (
        <>
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 5.2 10.6 7.1 9.6 10.2H6.4L5.4 7.1Z" fill="currentColor" />
        </>
      )}
      {(kind === 'yellow_card' || kind === 'red_card') && <rect x="4" y="2" width="8" height="12" rx="1.2" />}
      {kind === 'corner' && <path d="M4 15V1.5M4 2l8 2.5L4 7" fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />}
      {kind === 'game' && <circle cx="8" cy="8" r="3.5" fill="currentColor" />}
      {kind === 'set' && <path d="M4 2h8v4a4 4 0 0 1-8 0Zm4 8v3m-3 1.5h6" fill="none" stroke="currentColor" strokeWidth="1.5" />}
      {kind === 'period_end' && (
        <>
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5V8l2.5 1.8" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
