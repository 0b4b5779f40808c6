// Types of cluster.mjs for the TypeScript tests that start a Redis Cluster.
export declare const redisServerPath: string;
export declare const redisCliPath: string;
/** Both redis-server and redis-cli are installed. */
export declare const redisClusterAvailable: boolean;

export interface RunningRedisCluster {
  /** Every master, as seed nodes for a cluster client. */
  nodes: { host: string; port: number }[];
  /** The same, as redis:// URLs (REDIS_CLUSTER_NODES). */
  urls: string[];
  /** The temporary directory holding the nodes' files. */
  dir: string;
  /** Kills master `index` outright. */
  kill(index: number): Promise<void>;
  /** Starts master `index` again with its slots; resolves once the cluster is ok. */
  restart(index: number): Promise<void>;
  /** Stops every node and removes the directory. */
  stop(): Promise<void>;
}

export declare function startRedisCluster(options?: {
  masters?: number;
  /** Per master, the [from, to] slot ranges it serves (all 16,384 slots); evenly by default. */
  slots?: [number, number][][];
  timeoutMs?: number;
}): Promise<RunningRedisCluster>;
