/**
 * Lets the browser handle input and paint before the caller goes on: start-up work split at
 * these points runs as several short tasks rather than one long one. A message, not a timer:
 * timers wait up to a second in a background tab.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
