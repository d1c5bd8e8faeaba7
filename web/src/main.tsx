import './app/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { createQueryClient } from './app/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const render = () => createRoot(container).render(<App queryClient={queryClient} />);

bootstrap(queryClient)
  .catch((error: unknown) => console.error('Start-up did not complete', error))
  .finally(render);
