import { createMemoryBroker } from '../src/broker/memory-broker.ts';
import { describeBroker } from './helpers/broker-contract.ts';
import { manualClock } from './helpers/test-app.ts';

describeBroker('memory', () => createMemoryBroker(manualClock()));
