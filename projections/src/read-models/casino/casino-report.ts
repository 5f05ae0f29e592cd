import { CASINO_WALLET_EVENT_TYPES } from '@kupon/domain';
import type { Projection } from '../../runner/projection';
import { applyCasinoBatch } from './fold';
import { CASINO_REPORT_TABLES, type CasinoReportTables, createCasinoReportTables } from './tables';

/**
 * The casino report (issue 8): bets, wins, rollbacks and GGR per day, game, provider and player of a
 * site, askable "as of" a past time or position. Rebuilt like any projection: `npm run replay --
 * casino-report`, or from the back office (POST /api/v1/reports/replays { report: 'casino' }).
 */
export const casinoReport: Projection<CasinoReportTables> = {
  name: 'casino-report',
  version: 1,
  handles: [...CASINO_WALLET_EVENT_TYPES, 'CasinoGameListed', 'UserRegistered', 'WalletOpened'],
  tables: [...CASINO_REPORT_TABLES],
  createTables: createCasinoReportTables,
  apply: (tx, event) => applyCasinoBatch(tx, [event]),
  applyBatch: applyCasinoBatch,
};
