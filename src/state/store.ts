import { createStore } from 'jotai';

/** The one jotai store; the router and the API client read it outside React. */
export const store = createStore();
export type AppStore = typeof store;
