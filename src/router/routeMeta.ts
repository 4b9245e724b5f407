import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Shown in the top bar. */
    title?: MessageDescriptor;
    /** Spec §2: these pages keep their state when the user leaves them. */
    keepAlive?: boolean;
    /**
     * Its records are kept on the device: signed out (after a reload, offline or not), the
     * page opens read-only for the address last signed in here (state/reader.ts).
     */
    readsOffline?: boolean;
  }
}

export {};
