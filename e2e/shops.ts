import { E2E_PORT } from '../playwright.config';

/** The SPA's address at a demo shop's host. */
export const shopUrl = (slug: string) => `http://${slug}.localhost:${E2E_PORT}/order/v2/`;

/** The console's address at a demo shop's host. */
export const consoleUrl = (slug: string) => `http://${slug}.localhost:${E2E_PORT}/order/console/`;

/** Any Persian digit (۰-۹). */
export const persianDigit = /[\u06F0-\u06F9]/;
