import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.js';
import { createAppRouter } from './app/router.js';
import { readMetaContent } from './config/app.js';
import { configureZodBeforeItLoads } from './config/zod.js';
import { requestProfileEarly } from './lib/early-profile.js';
import { installErrorReporter } from './lib/error-reporter.js';
import './index.css';

// Errors nothing else caught go to Monitoring › Errors, from the first moment.
installErrorReporter();

// A signed-in visit needs the user before any page: ask now, while the page's chunks download.
requestProfileEarly();

// Radix dialogs and menus add a <style> through react-remove-scroll; our CSP needs the nonce on it.
const nonce = readMetaContent('csp-nonce');
if (nonce) setNonce(nonce);

configureZodBeforeItLoads();

// Created before the first render, so the current route's chunks start downloading now.
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
