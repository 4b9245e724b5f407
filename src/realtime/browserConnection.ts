// The browser's side of the hub's dependencies: a WebSocket, the real clock, and the network
// and visibility events.
import type { HubClock, HubSignals, HubSocket, SocketListeners } from './hub.ts';

export function openWebSocket(url: string, on: SocketListeners): HubSocket {
  const socket = new WebSocket(url);
  socket.onopen = () => on.open();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') on.message(event.data);
  };
  socket.onclose = (event) => on.close(event.code);
  return {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close: (code, reason) => {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close(code, reason);
    },
  };
}

export const browserClock: HubClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const browserSignals: HubSignals = {
  online: () => navigator.onLine,
  watch(on) {
    const online = () => on.online();
    const offline = () => on.offline();
    const visibility = () => {
      if (document.visibilityState === 'visible') on.visible();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visibility);
    };
  },
};

/** `realtime_url` with the ticket as its `token` (spec §7); an http(s) address becomes ws(s). */
export function socketUrl(realtimeUrl: string, ticket: string): string {
  const url = new URL(realtimeUrl, location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', ticket);
  return url.toString();
}
