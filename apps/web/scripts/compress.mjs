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
  if (
    !text ||
    SERVED_FROM_MEMORY.has(relative) ||
    relative.startsWith('pages') ||
    relative.startsWith('shells')
  )
    continue;
  const body = await readFile(file);
  // Small files too: the dashboard loads dozens of 1-3 KB chunks, and brotli takes a third to a
  // half off each. A copy that would not be smaller is not written.
  const copies = {
    gz: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
  let written = 0;
  for (const [extension, compressed] of Object.entries(copies)) {
    if (compressed.length >= body.length) continue;
    await writeFile(`${file}.${extension}`, compressed);
    written += 1;
  }
  if (written > 0) files += 1;
}
console.log(`compressed ${files} files (.br and .gz)`);
