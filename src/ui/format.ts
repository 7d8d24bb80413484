/** Numbers and digits shown in the SPA go through contract/numbers.ts (shared with the server's messages). */
export { formatCoordinate, formatCoordinates, formatNumber, groupTypedNumber, localDigits } from '@contract/numbers';
export { localized } from '@contract/localized';
