/**
 * Types the web and backoffice clients may import (`import type`, never values): the wire shapes of
 * every context. Each context adds one `export type * from './<context>'` line.
 */
export type * from './identity';
export type * from './money';
export type * from './event-log';
export type * from './reports';
export type * from './catalog-settings';
export type * from './match-results';
export type * from './content';
export type * from './casino';
export type * from './affiliate';
export type * from './bills';
export type * from './ticket-check';
export type * from './propositions';
export type * from './match-timeline';
export type * from './cards';
export type * from './prints';
export type * from './contact';
export type * from './staff-waiting';
