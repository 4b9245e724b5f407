import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Shown in the top bar. */
    title?: MessageDescriptor;
    /** Spec §2: these pages keep their state when the user leaves them. */
    keepAlive?: boolean;
  }
}

export {};
