export * from './constants';
export * from './envelope';
export * from './fields';
export * from './users';
export * from './config';
export * from './paths';
export * from './courses';
export * from './notes';
