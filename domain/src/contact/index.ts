/** The contact form and the back office's contact inbox (api/CONTACT.md). */
export * from './events';
export type * from './commands';
export * from './decider';
