export { affiliate, type AffiliateTables } from './affiliate';
export * from './queries';
