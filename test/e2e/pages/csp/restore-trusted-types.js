delete window.trustedTypes;
