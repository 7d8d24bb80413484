// The fourth layer of the app's modules (src/main.tsx): the contract's schemas, which the API client checks replies with.
export { endpoints } from '@contract/api';
