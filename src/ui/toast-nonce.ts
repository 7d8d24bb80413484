import { cspNonce } from './csp-nonce';

// notistack styles its container with goober, whose one <style> takes window.__nonce__: without the page's CSP nonce
// the browser would refuse it. Evaluated before notistack (toast-host.tsx imports this first).
(window as Window & { __nonce__?: string }).__nonce__ = cspNonce;
