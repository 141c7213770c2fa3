import type { Settings } from '@flagship/api-client';
import type { Executor } from '../db/client';
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
