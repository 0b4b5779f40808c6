// Writes .br and .gz copies of the build's text files, which the server sends to browsers that
// accept them (@fastify/static's preCompressed): the framework chunk is 411 KB as text, 129 KB
// gzipped. HTML the server fills in at start (index.html, the prerendered pages) is compressed
// by the server instead.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|css|svg|json|webmanifest|txt|xml)$/;
const SERVED_FROM_MEMORY = new Set(['index.html', 'sitemap.xml', 'robots.txt']);

let files = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  const relative = path.relative(dist, file);
  const text = TEXT.test(entry.name) || relative === 'offline.html';
  if (!text || SERVED_FROM_MEMORY.has(relative) || relative.startsWith('pages')) continue;
  const body = await readFile(file);
  if (body.length < 1024) continue;
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  files += 1;
}
console.log(`compressed ${files} files (.br and .gz)`);
