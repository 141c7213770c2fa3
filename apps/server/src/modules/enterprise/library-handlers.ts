import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { categories, enterprises, regions } from '../../db/schema';
import { searchQuery } from '../../db/search';
import type { Handlers } from '../../http/endpoints';
import { notFound } from '../../http/errors';

const summaryColumns = {
  id: enterprises.id,
  name: enterprises.name,
  creditCode: enterprises.creditCode,
  type: enterprises.type,
  categoryId: enterprises.categoryId,
  categoryName: categories.name,
  regionId: enterprises.regionId,
  regionName: regions.name,
  logo: enterprises.logo,
};

/** The public enterprise library: published entries and their public fields only. */
export function enterpriseLibraryHandlers({ db }: AppContext): Pick<Handlers['enterprise'], 'list' | 'detail'> {
  return {
    list: async ({ query }) => {
      const keyword = query.keyword ? searchQuery(query.keyword) : undefined;
      const where = and(
        eq(enterprises.published, true),
        query.categoryId ? eq(enterprises.categoryId, query.categoryId) : undefined,
        query.regionId ? eq(enterprises.regionId, query.regionId) : undefined,
        query.keyword ? (keyword ? sql`${enterprises.searchVector} @@ ${keyword}` : sql`false`) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select(summaryColumns).from(enterprises)
          .leftJoin(categories, eq(categories.id, enterprises.categoryId))
          .leftJoin(regions, eq(regions.id, enterprises.regionId))
          .where(where)
          .orderBy(asc(enterprises.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(enterprises).where(where),
      ]);
      return { list: rows, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    detail: async ({ params }) => {
      const [row] = await db
        .select({
          ...summaryColumns,
          legalRepresentative: enterprises.legalRepresentative,
          address: enterprises.address,
          introduction: enterprises.introduction,
          establishedOn: enterprises.establishedOn,
        })
        .from(enterprises)
        .leftJoin(categories, eq(categories.id, enterprises.categoryId))
        .leftJoin(regions, eq(regions.id, enterprises.regionId))
        .where(and(eq(enterprises.id, params.id), eq(enterprises.published, true)))
        .limit(1);
      if (!row) throw notFound('企业不存在或未公开');
      return row;
    },
  };
}
