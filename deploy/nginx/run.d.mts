// Types of run.mjs for the TypeScript tests that start nginx.
export declare const nginxPath: string;
export declare const nginxFound: boolean;

export declare function renderNginxConfig(options: {
  runDir: string;
  listen: string;
  servers: string[];
}): string;

export interface RunningNginx {
  /** http://<listen> */
  url: string;
  /** The master process (its workers are its children). */
  pid: number | undefined;
  /** Resolves with the exit code or signal once nginx has exited. */
  exited: Promise<unknown>;
  /** Graceful quit (SIGTERM after 5 s); removes the run directory. */
  stop(): Promise<void>;
}

export declare function startNginx(options: {
  listen: string;
  servers: string[];
  timeoutMs?: number;
}): Promise<RunningNginx>;
