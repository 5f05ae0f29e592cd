import { lazy, Suspense } from 'react';
import { isServerSlip, usePrintStore } from '@/stores/print-store';
import { ServerSlip } from './server-slip';

/** The slip's markup loads with the first print (it is printed 1500 ms after it is set). */
const PrintSlip = lazy(() => import('@/features/coupons/components/print-slip').then((m) => ({ default: m.PrintSlip })));

/**
 * Spec §2 "Coupon print uses a hidden print area". Always in the page, empty and hidden on screen;
 * the print stylesheet hides everything else and shows it, so the printer gets only the slip: the
 * api's template (spec §7 prints), or the one the page built when the api's could not be had.
 */
export function PrintArea({ title }: { title: string }) {
  const slip = usePrintStore((s) => s.slip);
  return (
    <div id="print-area" className="print-area" aria-hidden="true" data-testid="print-area" data-kind={slip?.kind ?? ''}>
      {slip &&
        (isServerSlip(slip) ? (
          <ServerSlip slip={slip.template} />
        ) : (
          <Suspense fallback={null}>
            <PrintSlip slip={slip} title={title} />
          </Suspense>
        ))}
    </div>
  );
}
