export * from './catalog';
export * from './chat';
export * from './content';
export * from './orders';
export * from './shops';
export * from './users';
