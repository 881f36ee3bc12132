import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** The test server's process (support/server.mjs), which runs the SMTP server. */
const serverPid = () => Number(readFileSync(`${process.env.E2E_DATA_DIR}/server.pid`, 'utf8'));

/** Whether something accepts connections on the SMTP port now. */
function smtpListening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(process.env.E2E_SMTP_PORT), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Stops the SMTP server and waits until its port refuses connections. */
export async function stopSmtp() {
  process.kill(serverPid(), 'SIGUSR1');
  await expect.poll(smtpListening, { message: 'the SMTP port refuses connections' }).toBe(false);
}

/** Starts the SMTP server again and waits until it accepts connections. */
export async function startSmtp() {
  process.kill(serverPid(), 'SIGUSR2');
  await expect.poll(smtpListening, { message: 'the SMTP port accepts connections' }).toBe(true);
}
