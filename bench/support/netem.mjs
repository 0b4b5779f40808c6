// An impaired network on this machine for the call benches (root only): each host in a network
// namespace of its own, joined to this machine by a veth pair, every packet crossing a veth in
// either direction delayed and dropped as `tc qdisc ... netem delay D J loss L` would. The kernel
// here has no sch_netem, so iptables hands those packets to NFQUEUE and netem-queue.py (user
// space, standard library) holds them. The server listens on an address of this machine that
// the namespaces reach through their veth; a third veth pair, both ends here, carries it.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PREFIX = 'pnm';
const NS_PREFIX = 'parlo-netem-';
const SERVER_ADDRESS = '10.231.0.1';
const CHAINS = { PREROUTING: 'PNM_PRE', POSTROUTING: 'PNM_POST' };
const QUEUE = 7431;
const FORWARD = '/proc/sys/net/ipv4/ip_forward';
const queueScript = fileURLToPath(new URL('./netem-queue.py', import.meta.url));

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
const attempt = (command, args) => {
  try {
    run(command, args);
    return true;
  } catch {
    return false;
  }
};

/** Why this machine cannot run the impaired network, or null when it can. */
export function missingPrerequisite() {
  if (process.getuid?.() !== 0) return 'needs root (network namespaces, iptables)';
  for (const [command, args, pkg] of [
    ['ip', ['-V'], 'iproute2'],
    ['iptables', ['-V'], 'iptables'],
    ['python3', ['-V'], 'python3'],
  ]) {
    if (!attempt(command, args)) return `needs ${command} (Debian package ${pkg})`;
  }
  return null;
}

function nsName(host) {
  return `${NS_PREFIX}${host}`;
}

/** Everything a run makes, removed whatever state it is in; safe to call any number of times. */
export function removeNetwork(hosts, forwardBefore) {
  for (const [hook, chain] of Object.entries(CHAINS)) {
    const flag = hook === 'PREROUTING' ? '-i' : '-o';
    for (const host of hosts) {
      while (
        attempt('iptables', ['-t', 'mangle', '-D', hook, flag, `${PREFIX}-${host}-h`, '-j', chain])
      );
    }
    attempt('iptables', ['-t', 'mangle', '-F', chain]);
    attempt('iptables', ['-t', 'mangle', '-X', chain]);
  }
  for (const host of hosts) {
    // The namespace outlives its name while the kernel still holds it (closing sockets): the
    // veth pair goes with its host end at once.
    attempt('ip', ['link', 'del', `${PREFIX}-${host}-h`]);
    attempt('ip', ['netns', 'del', nsName(host)]);
  }
  attempt('ip', ['link', 'del', `${PREFIX}-srv`]);
  if (forwardBefore !== undefined) writeFileSync(FORWARD, forwardBefore);
}

/**
 * Builds the network for `hosts` (short names, e.g. ['a', 'b']) and starts the queue. Returns the
 * server's address, each host's namespace and address, `cut(ms)` for a total outage of every
 * veth, and `close()` (also run when the process exits without it).
 */
export async function createImpairedNetwork(hosts, { delayMs, jitterMs, loss }) {
  removeNetwork(hosts); // what a killed run may have left
  const forwardBefore = readFileSync(FORWARD, 'utf8');
  let queue;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (queue && queue.exitCode === null) queue.kill('SIGTERM');
    removeNetwork(hosts, forwardBefore);
  };
  // The caller closes it; this is for a process that ends some other way.
  process.once('exit', close);
  try {
    run('ip', ['link', 'add', `${PREFIX}-srv`, 'type', 'veth', 'peer', 'name', `${PREFIX}-srv-p`]);
    run('ip', ['addr', 'add', `${SERVER_ADDRESS}/32`, 'dev', `${PREFIX}-srv`]);
    run('ip', ['link', 'set', `${PREFIX}-srv`, 'up']);
    run('ip', ['link', 'set', `${PREFIX}-srv-p`, 'up']);
    for (const chain of Object.values(CHAINS)) {
      run('iptables', ['-t', 'mangle', '-N', chain]);
      run('iptables', ['-t', 'mangle', '-A', chain, '-j', 'NFQUEUE', '--queue-num', String(QUEUE)]);
    }
    const made = hosts.map((host, index) => {
      const ns = nsName(host);
      const [outside, inside] = [`${PREFIX}-${host}-h`, `${PREFIX}-${host}-n`];
      const subnet = `10.231.${index + 1}`;
      run('ip', ['netns', 'add', ns]);
      run('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', inside, 'netns', ns]);
      run('ip', ['addr', 'add', `${subnet}.1/24`, 'dev', outside]);
      run('ip', ['link', 'set', outside, 'up']);
      run('ip', ['-n', ns, 'addr', 'add', `${subnet}.2/24`, 'dev', inside]);
      run('ip', ['-n', ns, 'link', 'set', inside, 'up']);
      run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
      run('ip', ['-n', ns, 'route', 'add', 'default', 'via', `${subnet}.1`]);
      run('iptables', ['-t', 'mangle', '-A', 'PREROUTING', '-i', outside, '-j', CHAINS.PREROUTING]);
      run('iptables', [
        '-t',
        'mangle',
        '-A',
        'POSTROUTING',
        '-o',
        outside,
        '-j',
        CHAINS.POSTROUTING,
      ]);
      return { host, ns, address: `${subnet}.2` };
    });
    // The two browsers reach each other through this machine.
    writeFileSync(FORWARD, '1');
    queue = spawn(
      'python3',
      [
        queueScript,
        ...['--queue', String(QUEUE), '--delay-ms', String(delayMs)],
        ...['--jitter-ms', String(jitterMs), '--loss', String(loss)],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = [];
    await new Promise((resolve, reject) => {
      queue.stdout.setEncoding('utf8');
      queue.stdout.on('data', (chunk) => {
        lines.push(...chunk.split('\n').filter(Boolean));
        if (lines.includes('ready')) resolve();
      });
      queue.once('exit', (code) => reject(new Error(`netem-queue.py exited with ${code}`)));
    });
    const counts = new Promise((resolve) => {
      queue.once('exit', () => resolve(JSON.parse(lines.at(-1) ?? '{}')));
    });
    return {
      serverAddress: SERVER_ADDRESS,
      hosts: made,
      /** Drops every packet (or every UDP packet: the media only) on every veth, both ways. */
      async cut(ms, protocol = 'all') {
        const rule = [...(protocol === 'all' ? [] : ['-p', protocol]), '-j', 'DROP'];
        for (const chain of Object.values(CHAINS)) {
          run('iptables', ['-t', 'mangle', '-I', chain, '1', ...rule]);
        }
        await new Promise((resolve) => setTimeout(resolve, ms));
        for (const chain of Object.values(CHAINS)) {
          run('iptables', ['-t', 'mangle', '-D', chain, ...rule]);
        }
      },
      /** Tears the network down; resolves to the queue's packet counts. */
      async close() {
        close();
        return counts;
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}

/** A Chromium executable that runs inside namespace `ns` (Playwright launches it over a pipe). */
export function chromiumIn(ns, directory, chromiumPath) {
  const file = `${directory}/chromium-${ns}.sh`;
  writeFileSync(file, `#!/bin/sh\nexec ip netns exec ${ns} ${chromiumPath} "$@"\n`, {
    mode: 0o755,
  });
  return file;
}
