import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.js';
import { readMetaContent } from './config/app.js';
import { configureZodBeforeItLoads } from './config/zod.js';
import './index.css';

// Radix dialogs and menus add a <style> through react-remove-scroll; our CSP needs the nonce on it.
const nonce = readMetaContent('csp-nonce');
if (nonce) setNonce(nonce);

configureZodBeforeItLoads();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
