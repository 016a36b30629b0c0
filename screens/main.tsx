import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../engine/session';
import { SnackbarHost } from '../engine/notices';
import '../fields';
import './register';
import { App } from './App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root" to mount the application.');

const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <SnackbarHost />
    </QueryClientProvider>
  </StrictMode>,
);
