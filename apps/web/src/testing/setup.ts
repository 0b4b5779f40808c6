import { configure } from '@testing-library/react';

// The web tests share two cores with the server suites in one vitest run (CI, `npm test`): a
// screen that appears in 50 ms alone can take over a second there. findBy* and waitFor wait up to
// 5 s for what they expect; a test still fails as soon as the wait runs out.
configure({ asyncUtilTimeout: 5_000 });
