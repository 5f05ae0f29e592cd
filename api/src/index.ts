export { buildApp, type AppDependencies } from './app';
export { CidrTableLocator, type GeoLocator, geoLocatorFromEnv, NO_GEO } from './geo/locator';
export { seedDemoContent } from './seed/demo-pages';
export { demoBanners, demoBonusOffers } from './seed/demo-offers';
