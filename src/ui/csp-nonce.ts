/**
 * The nonce the server wrote into index.html for this load (`<meta property="csp-nonce">`,
 * see contract/rules/csp.ts). The Content-Security-Policy allows inline styles only with
 * it, so every <style> the app injects at run time carries it: emotion's caches
 * (direction-provider.tsx) take it as an option. src/app/start.tsx imports this module first.
 */
export const cspNonce: string | undefined = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
