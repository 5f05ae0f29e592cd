export { buildApp, type AppDependencies } from './app';
