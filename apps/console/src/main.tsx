import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './mantine-styles';
import './styles.css';
import { App } from './app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
