import { APP_NAME } from '../../config/app.js';

/** Sets the browser tab's title for the page it is rendered in (React hoists <title>). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${APP_NAME}`}</title>;
}
