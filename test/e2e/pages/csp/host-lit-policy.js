// A host page that uses Lit itself: its Lit already created the Trusted Types policy `lit-html`.
window.trustedTypes?.createPolicy('lit-html', { createHTML: (s) => s });
