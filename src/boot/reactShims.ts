// React 19 has useSyncExternalStore built in; libraries that still import the shim for
// React 17 get React's own hook instead (vite.config.ts aliases the shim here), so the first
// screen does not carry the shim's copy.
export { useSyncExternalStore } from 'react';
