// WebAuthn: filled in by the relying-party work.
