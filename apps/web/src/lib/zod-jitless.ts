// Zod compiles object parsers with `new Function` where the page allows it, and finds out by
// trying: under Parlo's CSP (script-src 'self', no 'unsafe-eval') the try is refused and the
// browser reports a CSP violation on every page that validates anything (Lighthouse's best
// practices count it). The web app opts out before any schema is built; the server keeps the
// compiled parsers. Import this module first, before anything that imports a schema.
import { config } from 'zod';

config({ jitless: true });
