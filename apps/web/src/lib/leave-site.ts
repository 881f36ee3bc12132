/** Sends the browser to a page of another site, as a full page load (the provider's sign-out). */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
