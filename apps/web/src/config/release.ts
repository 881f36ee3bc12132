/**
 * The release this build of the site is (vite.config.ts: the version and a hash of its sources),
 * sent with every error report so the server maps its stack with the same build's source maps.
 * Undefined where no build defined it (the site's tests).
 */
export const APP_RELEASE: string | undefined =
  typeof __APP_RELEASE__ === 'string' ? __APP_RELEASE__ : undefined;
