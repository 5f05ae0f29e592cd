import { WALLET_EVENT_TYPES } from '@kupon/domain';
import type { Projection } from '../../runner/projection';
import { applyReportBatch, prepareReportBatch } from './fold';
import { reportIndexes, createReportTables, REPORT_TABLES, type ReportTables } from './tables';

/**
 * The money reports of the back office (issue 8): general, players, dealer P&L with roll-up,
 * dealer credit history, transfers, staff adjustments and wagers, each askable "as of" a past time
 * or position (tables.ts). Rebuilt like any projection: `npm run replay -- reports`, or from the
 * back office (POST /api/v1/reports/replays).
 */
export const reports: Projection<ReportTables> = {
  name: 'reports',
  version: 4,
  handles: [
    ...WALLET_EVENT_TYPES,
    'UserRegistered',
    'FixtureCreated',
    'FixtureChanged',
    'BetsCancelled',
    'SelectionSettled',
    'SelectionResettled',
    'CouponSettled',
    'CouponResettled',
    'CouponSold',
    'CouponCancelled',
  ],
  tables: [...REPORT_TABLES],
  createTables: createReportTables,
  indexes: reportIndexes,
  apply: (tx, event) => applyReportBatch(tx, [event]),
  applyBatch: applyReportBatch,
  prepareBatch: prepareReportBatch,
};
