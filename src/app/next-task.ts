/**
 * Lets the browser run what waits (a tap, a frame) before going on: the startup's work is split
 * into tasks of its own, since one long task answers no tap. A message, not a timer: a background
 * tab throttles timers to one a second.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
