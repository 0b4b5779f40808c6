// A Redis Cluster of its own on this machine, for the tests and benches that run the broker on a
// cluster (never a deployment: no replicas, no persistence). Each master is a redis-server
// process on free loopback ports (the client port and the cluster bus port, both chosen here, so
// nothing is assumed about port + 10000), with its files in one temporary directory; the nodes
// are joined and given their slots by hand, as `redis-cli --cluster create` would, but with the
// slots a test asks for. The processes and the directory are removed by stop(), on a failed
// start, and when this process exits before stop() was called.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const redisServerPath = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const redisCliPath = process.env.REDIS_CLI_PATH ?? '/usr/bin/redis-cli';
export const redisClusterAvailable = existsSync(redisServerPath) && existsSync(redisCliPath);

const HOST = '127.0.0.1';

/**
 * Starts `masters` redis-server processes in cluster mode and joins them into one cluster (CLUSTER
 * MEET) with every slot assigned (CLUSTER ADDSLOTSRANGE): evenly, or as `slots` says (per master,
 * a list of [from, to] ranges), so a test can put chosen keys on chosen masters. Resolves once
 * every node reports `cluster_state:ok`.
 */
export async function startRedisCluster({ masters = 3, slots, timeoutMs = 30_000 } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlo-redis-cluster-'));
  const ports = await freePorts(masters * 2);
  const nodes = Array.from({ length: masters }, (_, i) => ({
    host: HOST,
    port: ports[2 * i],
    busPort: ports[2 * i + 1],
    child: undefined,
  }));

  const killAll = () => {
    for (const node of nodes) if (isRunning(node.child)) node.child.kill('SIGKILL');
  };
  // A test runner that exits (or fails) before stop() must not leave servers behind.
  const onExit = () => {
    killAll();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const startNode = (node) => {
    node.child = spawn(
      redisServerPath,
      [
        ...['--port', String(node.port), '--bind', HOST, '--dir', dir],
        ...['--cluster-enabled', 'yes', '--cluster-port', String(node.busPort)],
        ...['--cluster-config-file', `nodes-${node.port}.conf`, '--cluster-node-timeout', '2000'],
        ...['--save', '', '--appendonly', 'no', '--logfile', `redis-${node.port}.log`],
      ],
      { stdio: 'ignore' },
    );
    return waitFor(() => cli(node.port, 'PING').then((out) => out === 'PONG'), timeoutMs);
  };

  const stop = async () => {
    process.removeListener('exit', onExit);
    await Promise.all(nodes.map((node) => stopProcess(node.child)));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await Promise.all(nodes.map(startNode));
    const [first] = nodes;
    for (const node of nodes.slice(1)) {
      await cli(node.port, 'CLUSTER', 'MEET', HOST, String(first.port), String(first.busPort));
    }
    const ranges = slots ?? evenSlots(masters);
    for (const [i, node] of nodes.entries()) {
      for (const [from, to] of ranges[i]) {
        await cli(node.port, 'CLUSTER', 'ADDSLOTSRANGE', String(from), String(to));
      }
    }
    await waitForClusterOk(nodes, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    /** Seed nodes for a client: every master. */
    nodes: nodes.map(({ host, port }) => ({ host, port })),
    urls: nodes.map(({ host, port }) => `redis://${host}:${port}`),
    dir,
    /** Kills master `index` outright, as a crashed node is. */
    async kill(index) {
      await stopProcess(nodes[index].child, 'SIGKILL');
    },
    /** Starts master `index` again on its port and its nodes.conf: it takes back its slots. */
    async restart(index) {
      await startNode(nodes[index]);
      await waitForClusterOk(nodes, timeoutMs);
    },
    stop,
  };
}

const SLOTS = 16_384;

function evenSlots(masters) {
  return Array.from({ length: masters }, (_, i) => [
    [Math.floor((i * SLOTS) / masters), Math.floor(((i + 1) * SLOTS) / masters) - 1],
  ]);
}

const isRunning = (child) => Boolean(child?.pid) && child.exitCode === null && !child.signalCode;

async function stopProcess(child, signal = 'SIGTERM') {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
}

async function waitForClusterOk(nodes, timeoutMs) {
  await waitFor(async () => {
    const infos = await Promise.all(
      nodes.map((node) => cli(node.port, 'CLUSTER', 'INFO').catch(() => '')),
    );
    return infos.every((info) => info.includes('cluster_state:ok'));
  }, timeoutMs);
}

function cli(port, ...command) {
  return run(redisCliPath, ['-h', HOST, '-p', String(port), ...command]).then((out) => out.trim());
}

function run(file, args) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} ${args.join(' ')}: ${stderr || error}`));
      else resolve(stdout);
    });
  });
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Redis Cluster not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `count` distinct TCP ports free on loopback right now. */
async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, HOST, resolve));
    ports.add(server.address().port);
    await new Promise((resolve) => server.close(resolve));
  }
  return [...ports];
}
