import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** `__insertCSS("…")` with a JavaScript string literal argument, as sonner's build emits it. */
const SONNER_INSERT_CSS_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/g;

// Our CSP forbids inline <style>, which sonner injects on import: drop it, ship its styles.css.
export function stripSonnerInlineCss(): Plugin {
  return {
    name: 'staff-admin:strip-sonner-inline-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const stripped = code.replace(SONNER_INSERT_CSS_CALL, '');
      if (stripped === code) {
        this.error('sonner no longer calls __insertCSS("…"); update stripSonnerInlineCss');
      }
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stripSonnerInlineCss()],
  build: {
    manifest: true,
    // Every browser the build targets supports <link rel="modulepreload">; skip the polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // @staff-admin/shared only declares things; so the entry chunk does not carry zod and
        // every schema just because it imports a role or a constant from it.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
