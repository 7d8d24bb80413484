/**
 * What `vite build` writes as the nonce of index.html's tags and of its
 * `<meta property="csp-nonce">` (html.cspNonce); the server swaps in a fresh
 * random nonce on every load of index.html and names it in the CSP.
 */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';
