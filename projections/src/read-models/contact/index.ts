export { contact, type ContactTables } from './contact';
export { type ContactInboxFilter, type ContactMessageRow, ContactQueries, type ContactSummaryRow } from './queries';
