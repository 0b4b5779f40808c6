// First: no schema may be built before zod is told not to probe for eval (CSP).
import '@/lib/zod-jitless';
import '@fontsource-variable/inter';
import './index.css';
import { renderApp } from '@/app/start-app';
import { registerServiceWorker } from '@/lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
void renderApp(root);
registerServiceWorker();
