// GET /api/v1/languages throughput beside a bare node:http hello-world, same machine, same run.
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { freePort, startServer } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const API_KEY = process.env.API_KEY ?? 'parlo-dev-key';

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const summary = (res) => ({
  req_per_s: Math.round(res.requests.average),
  p50_ms: res.latency.p50,
  p99_ms: res.latency.p99,
  non_2xx: res.non2xx,
  errors: res.errors,
});

const helloPort = await freePort();
const hello = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
});
await new Promise((r) => hello.listen(helloPort, '127.0.0.1', r));
const server = await startServer();
try {
  const baseline = summary(await run(`http://127.0.0.1:${helloPort}/`));
  const languages = summary(
    await run(`${server.baseUrl}/api/v1/languages`, { 'x-api-key': API_KEY }),
  );
  console.log(
    JSON.stringify({
      bench: 'languages-throughput',
      duration_s: DURATION_S,
      connections: CONNECTIONS,
      node_http_hello: baseline,
      get_languages: languages,
      ratio_vs_hello: +(languages.req_per_s / baseline.req_per_s).toFixed(3),
    }),
  );
} finally {
  hello.close();
  await server.stop();
}
