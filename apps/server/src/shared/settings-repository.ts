import type { Settings } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { keptUntilChanged, SETTINGS_CHANGED } from '../db/kept-until-changed';
import { perDatabase } from '../db/per-database';
import { settings } from '../db/schema';

/** The site's one name (settings.siteTitle), for e-mails and text messages. */
export async function loadSiteTitle(db: Executor): Promise<string> {
  const [row] = await db.select({ siteTitle: settings.siteTitle }).from(settings).limit(1);
  return row?.siteTitle ?? '';
}

/** The site settings as the portal reads them (without the access password). */
export async function loadSettings(db: Executor): Promise<Settings> {
  const [row] = await db.select().from(settings).limit(1);
  if (!row) throw new Error('Site settings are missing: the database was not seeded');
  return {
    siteTitle: row.siteTitle,
    about: row.about,
    friendlyLinks: row.friendlyLinks,
    supportCredit: row.supportCredit,
    copyright: row.copyright,
    banners: row.banners.map((b) => ({ title: b.title, subtitle: b.subtitle ?? '', link: b.link ?? '', image: b.image ?? '' })),
    accessPasswordEnabled: row.accessPasswordEnabled,
  };
}

const keptOf = perDatabase((db: Database, log?: FastifyBaseLogger) =>
  keptUntilChanged<Settings>(db, { channel: SETTINGS_CHANGED, maxEntries: 1, maxAgeMs: 5 * 60_000, what: 'site settings', log }),
);

/**
 * The site settings as the portal reads them, kept by each instance until staff change them
 * (db/kept-until-changed.ts): every page the server renders asks for them, signed in or not.
 */
export function keptSettings(db: Database, log?: FastifyBaseLogger): Promise<Settings> {
  return keptOf(db, log).get('settings', async () => ({ value: await loadSettings(db), until: Number.POSITIVE_INFINITY }));
}

/** After this instance changes the settings: its next answer has them, even before the notice comes. */
export function forgetSettings(db: Database): void {
  keptOf(db).forget();
}
