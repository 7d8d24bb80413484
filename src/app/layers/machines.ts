// The third layer of the app's modules (src/main.tsx): the contract's schemas, XState and the charts with their effects.
export { firstVisitEndpoints } from '@contract/endpoints/first-visit';
export { liveAppMachine } from '@/app/live';
