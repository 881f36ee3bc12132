/**
 * The Monitoring screens past the Overview, each as its route's `lazy`; the router loads this
 * module first, then the screen. The entry script, which the login page loads, names each route's
 * chunk with every chunk it needs (Vite's preload list, 20 to 40 names a screen): these screens'
 * lists live here instead, so the login page's first load stays within its budget
 * (bench/budgets.mjs) as the area grows. The first of them opened costs one small request more
 * (docs/decisions.md, Performance). The Overview, the area's landing page, loads as before.
 */
export const errors = async () => ({
  Component: (await import('./errors.js')).ErrorsRoute,
});
export const errorGroup = async () => ({
  Component: (await import('./error-group.js')).ErrorGroupRoute,
});
export const mail = async () => ({
  Component: (await import('./mail.js')).MailRoute,
});
export const security = async () => ({
  Component: (await import('./security.js')).SecurityRoute,
});
export const directory = async () => ({
  Component: (await import('./directory.js')).DirectoryRoute,
});
export const alerts = async () => ({
  Component: (await import('./alerts.js')).AlertsRoute,
});
export const alertIncident = async () => ({
  Component: (await import('./alert-incident.js')).AlertIncidentRoute,
});
export const alertChannels = async () => ({
  Component: (await import('./alert-channels.js')).AlertChannelsRoute,
});
