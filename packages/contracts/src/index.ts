export * from './roles';
export * from './errors';
export * from './routes';
export * from './auth';
export * from './facilities';
export * from './lookups';
