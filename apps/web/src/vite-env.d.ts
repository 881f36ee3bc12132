/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; the bundled server serves it under /api on the site's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The build's release id (vite.config.ts releaseId); not defined under Vitest. */
declare const __APP_RELEASE__: string | undefined;
