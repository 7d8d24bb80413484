/*
 * The shop's address page (Shop.address_page_type). The spec names the field and, for the skincare shop, an
 * "address with post or courier" page and the /cart/address/post-address route; the seed gives that shop type 2.
 * Read so: 1 (the default) is the map page, which asks the city and postal code only for sending to another city;
 * 2 is the post-address page, which asks them for every method.
 */
export const ADDRESS_PAGE_POST = 2;
