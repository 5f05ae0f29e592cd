export { casinoReport } from './casino-report';
export { type CasinoReportTables, CASINO_REPORT_TABLES } from './tables';
export { casinoReportRows, type CasinoGroup, type CasinoGroupRow, type CasinoSums, zeroCasino, addCasino } from './queries';
