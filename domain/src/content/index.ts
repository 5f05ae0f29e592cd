/** Content: banners, static pages, popups, languages, e-mail templates, notifications and bonuses of a site (spec §1, §3, §7). */
export * from './events';
export type * from './commands';
export * from './decider';
