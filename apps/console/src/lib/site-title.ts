import { useEffect, useState } from 'react';
import { api } from './api';

// The name shown when the settings cannot be read; the settings' siteTitle is the one name.
const FALLBACK_SITE_TITLE = '在线申报平台';

let known: string | undefined;
let asking: Promise<string> | undefined;

function askSiteTitle(): Promise<string> {
  asking ??= api.content
    .settings(undefined, { silent: true })
    .then((settings) => settings.siteTitle || FALLBACK_SITE_TITLE)
    .catch(() => FALLBACK_SITE_TITLE)
    .then((title) => (known = title));
  return asking;
}

/** The site's name from the settings (public settings endpoint); empty until it is known. */
export function useSiteTitle(): string {
  const [title, setTitle] = useState(known ?? '');
  useEffect(() => {
    if (known === undefined) void askSiteTitle().then(setTitle);
  }, []);
  return title;
}
