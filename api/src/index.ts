export { buildApp, type AppDependencies } from './app';
export { CidrTableLocator, type GeoLocator, geoLocatorFromEnv, NO_GEO } from './geo/locator';
export { seedDemoPages } from './seed/demo-pages';
