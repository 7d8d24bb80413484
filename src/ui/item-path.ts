/** The storefront's paths live in the contract: the server's first screens link to the same pages. */
export { categoryPath, itemPath, urlName } from '@contract/item-paths';
