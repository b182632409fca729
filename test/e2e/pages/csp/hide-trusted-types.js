// Test contrivance: a Lit that evaluates without seeing the Trusted Types API (so it makes no policy), on a page that
// still enforces Trusted Types; its first render then hits a refused sink (innerHTML with a string).
Object.defineProperty(window, 'trustedTypes', { value: undefined, configurable: true, writable: true });
