export declare function findPostgresBin(): string | null;
export declare const NO_POSTGRES: string;
export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** default `fast`: every session ends with 57P01 admin_shutdown */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  destroy(): void;
}
export declare function createCluster(bin: string): Cluster;
/** A random port below the kernel's ephemeral range (the range may be given, as [low, high]). */
export declare function clusterPort(range?: [number, number]): number;
