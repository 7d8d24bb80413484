/** Requests a test answers by hand: each call waits until the test resolves or rejects it. */
export function heldRequests<Input, Output>() {
  const waiting: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[] = [];
  const call = (input: Input) =>
    new Promise<Output>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
    });
  const next = () => {
    const request = waiting.shift();
    if (!request) throw new Error('no request is waiting');
    return request;
  };
  return { call, waiting, next };
}

/** Lets the promises already settled reach the actor. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
