// The fifth layer of the app's modules (src/main.tsx): XState and the charts with their effects.
export { liveAppMachine } from '@/app/live';
