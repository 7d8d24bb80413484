// The third layer of the app's modules (src/main.tsx): the contract's schemas, XState and the charts with their effects.
export { endpoints } from '@contract/api';
export { liveAppMachine } from '@/app/live';
