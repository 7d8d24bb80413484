export { seedDemoShops } from './seed';
export { demoShops } from './shops';
