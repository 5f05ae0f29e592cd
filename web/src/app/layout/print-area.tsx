import { lazy, Suspense } from 'react';
import { usePrintStore } from '@/stores/print-store';

/** The slip's markup loads with the first print (it is printed 1500 ms after it is set). */
const PrintSlip = lazy(() => import('@/features/coupons/components/print-slip').then((m) => ({ default: m.PrintSlip })));

/**
 * Spec §2 "Coupon print uses a hidden print area". Always in the page, empty and hidden on screen;
 * the print stylesheet hides everything else and shows it, so the printer gets only the slip.
 */
export function PrintArea({ title }: { title: string }) {
  const slip = usePrintStore((s) => s.slip);
  return (
    <div id="print-area" className="print-area" aria-hidden="true" data-testid="print-area" data-kind={slip?.kind ?? ''}>
      {slip && (
        <Suspense fallback={null}>
          <PrintSlip slip={slip} title={title} />
        </Suspense>
      )}
    </div>
  );
}
