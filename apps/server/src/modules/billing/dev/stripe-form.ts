/**
 * Reads a body the way Stripe's API does: form-encoded with bracket notation
 * (`line_items[0][price_data][currency]=eur`), into nested objects and arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, i) => part !== '' || i === 0);
    if (
      path.length === 0 ||
      path.some((part) => ['__proto__', 'constructor', 'prototype'].includes(part))
    ) {
      continue;
    }
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object' && next !== null) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays, as `qs` reads indexed keys. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key], i) => key === String(i));
  return indexed ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}
