// Loaded into the server under test (node --expose-gc --import) by socket-memory.mjs only: on an
// IPC 'measure' message it runs two full collections and answers process.memoryUsage().
process.on('message', (message) => {
  if (message !== 'measure') return;
  globalThis.gc?.();
  globalThis.gc?.();
  setTimeout(() => process.send?.(process.memoryUsage()), 200);
});
// The channel must not keep the server alive on its own.
process.channel?.unref();
