export { reports } from './reports';
export { type ReportTables, REPORT_TABLES } from './tables';
export * from './queries';
