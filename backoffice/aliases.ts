/**
 * `@` is this app's `src`. `@contract` is the api's contract folder: zod schemas only (eslint keeps it
 * free of server code), so every back-office form validates with the very schema the route uses.
 */
export const aliases = {
  '@contract': `${import.meta.dirname}/../api/src/contract`,
  '@': `${import.meta.dirname}/src`,
};
