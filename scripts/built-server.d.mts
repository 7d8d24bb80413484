/** A port nobody listens on now. */
export declare const freePort: () => Promise<number>;
export interface BuiltServer {
  /** ends the server (SIGKILL 10 s after SIGTERM), then removes its data */
  stop(): Promise<void>;
  /** polls `isUp()` until it is true (up to 2 minutes), failing if the server exits */
  whenReady(isUp: () => Promise<boolean>): Promise<void>;
}
export declare function startBuiltServer(options: { port: number; env?: Record<string, string>; name: string }): BuiltServer;
