export { buildApp, closeGracefully, type AppDependencies } from './app';
export { ApiError } from './http/api-error';
export { identityServices, type IdentityServices } from './identity/services';
export { actingUser, type LiveUser } from './identity/accounts';
export type { SeededLogin, SeededLogins } from './identity/seeded-logins';
export { startServer, type RunningServer, type ServerAdapters, type ServerContext, type ServerOptions } from './serve';
export type { ServerKeys } from './server-keys';
export { CidrTableLocator, type GeoLocator, geoLocatorFromEnv, NO_GEO } from './geo/locator';
