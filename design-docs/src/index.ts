// The data contract shared by the web app and the sync-server.
export * from './databases.ts';
export * from './constants.ts';
export * from './territories.ts';
export * from './ids.ts';
export * from './membership.ts';
export * from './design-docs.ts';
export * from './schemas/index.ts';
