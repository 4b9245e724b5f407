// Stands in for `joi` in the app build (vite.config.ts aliases it here). web3-onboard checks
// its own start-up options with joi, which alone weighs about 43 KB gzip on the connect step.
// Our options are fixed in src/wallet/onboard.ts and exercised by the sign-in browser tests,
// so every schema here accepts what it is given, exactly as joi does for valid options.

export interface AcceptingSchema {
  validate(value: unknown): { value: unknown; error?: undefined };
  // Any other joi method (object, string, required, items, try…) returns a schema again.
  [method: string]: unknown;
}

const accepting: AcceptingSchema = new Proxy({} as AcceptingSchema, {
  get(_target, property) {
    if (property === 'validate') return (value: unknown) => ({ value });
    // Not a promise: `await schema` must not look for a `then`.
    if (property === 'then' || typeof property === 'symbol') return undefined;
    return () => accepting;
  },
});

export default accepting;
