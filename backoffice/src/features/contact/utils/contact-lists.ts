import type { ContactStatus, ContactTopic } from '@kupon/api/contract';

/**
 * The contract's topics and statuses as the filters offer them. The back office takes only types
 * from the api, so it keeps its own lists; `Unlisted` makes a topic or status the contract adds fail
 * to compile here until it is named.
 */
export const CONTACT_TOPICS = ['general', 'account', 'payments', 'betting', 'casino', 'technical', 'complaint'] as const satisfies readonly ContactTopic[];
export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const satisfies readonly ContactStatus[];
type Unlisted = Exclude<ContactTopic, (typeof CONTACT_TOPICS)[number]> | Exclude<ContactStatus, (typeof CONTACT_STATUSES)[number]>;
export const EVERY_TOPIC_AND_STATUS_LISTED: [Unlisted] extends [never] ? true : never = true;

/** The inbox opens on what still waits for an answer. */
export const DEFAULT_STATUS: ContactStatus = 'open';

/** The badge colour of a status (the `status--*` classes): an open message waits for staff, a closed one for nobody. */
export const STATUS_COLOURS: Readonly<Record<ContactStatus, string>> = { open: 'orange', answered: 'green', closed: 'closed' };

export const isContactTopic = (value: string): value is ContactTopic => (CONTACT_TOPICS as readonly string[]).includes(value);
export const isContactStatus = (value: string): value is ContactStatus => (CONTACT_STATUSES as readonly string[]).includes(value);
