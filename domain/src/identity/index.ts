export * from './roles';
export * from './events';
export * from './commands';
export * from './decider';
export * from './rules/limits';
export * from './rules/registration';
export * from './rules/scope';
export * from './uniqueness';
