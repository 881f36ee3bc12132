import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { App } from './app/index.js';
import { readMetaContent } from './config/app.js';
import './index.css';

// Radix dialogs and menus add a <style> through react-remove-scroll; our CSP needs the nonce on it.
const nonce = readMetaContent('csp-nonce');
if (nonce) setNonce(nonce);

// zod probes for `new Function` to compile faster parsers; our CSP forbids eval, and the probe
// alone is reported as a violation. The interpreted parsers are plenty fast for forms.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
