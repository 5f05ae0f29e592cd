import { CONTACT_STATUSES, CONTACT_TOPICS, type ContactStatus, type ContactTopic } from '@kupon/domain';

/** The topics and statuses the filters offer: the domain's own lists, which the api's contract names too. */
export { CONTACT_STATUSES, CONTACT_TOPICS };

/** The inbox opens on what still waits for an answer. */
export const DEFAULT_STATUS: ContactStatus = 'open';

/** The badge colour of a status (the `status--*` classes): an open message waits for staff, a closed one for nobody. */
export const STATUS_COLOURS: Readonly<Record<ContactStatus, string>> = { open: 'orange', answered: 'green', closed: 'closed' };

export const isContactTopic = (value: string): value is ContactTopic => (CONTACT_TOPICS as readonly string[]).includes(value);
export const isContactStatus = (value: string): value is ContactStatus => (CONTACT_STATUSES as readonly string[]).includes(value);
