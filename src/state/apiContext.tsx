// The API client reaches components through React context, set once by main.tsx (the one
// composition root), so screens and hooks never import an app singleton and tests can hand
// in their own client.
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider> above it');
  return api;
}
