import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { audit } from '../../../shared/audit-repository';
import { refreshEnterpriseVector, refreshProjectVector } from '../../../shared/search-repository';
import { categoryList } from '../../../shared/taxonomy-repository';
import {
  allRegions,
  categoryNameTaken,
  countChildRegions,
  deleteCategory,
  deleteRegion,
  filedUnder,
  findCategory,
  findRegion,
  insertCategory,
  insertRegion,
  setRegionLevel,
  toRegion,
  updateCategory,
  updateRegion,
  type RegionRow,
} from './repository';

type TaxonomyHandlers = Pick<Handlers['console'], 'categoryList' | 'categoryCreate' | 'categoryUpdate' | 'categoryDelete' | 'regionCreate' | 'regionUpdate' | 'regionDelete'>;

/** Regions are provinces, cities and districts: three levels at the most. */
const MAX_REGION_LEVEL = 3;

/** Calls and enterprises are found by their category's name too: their search vectors follow it. */
async function refreshFiled(tx: Executor, filed: { projects: number[]; enterprises: number[] }): Promise<void> {
  for (const id of filed.projects) await refreshProjectVector(tx, id);
  for (const id of filed.enterprises) await refreshEnterpriseVector(tx, id);
}

export function taxonomyHandlers({ db }: AppContext): TaxonomyHandlers {
  return {
    // --- Categories. ---

    categoryList: ({ query }) => categoryList(db, query.kind),

    categoryCreate: async ({ body, principal, req }) =>
      db.transaction(async (tx) => {
        if (await categoryNameTaken(tx, body.kind, body.name)) throw conflict(`分类「${body.name}」已存在`);
        const row = await insertCategory(tx, body);
        await audit(tx, principal, req, 'category.create', { type: 'category', id: row.id }, { kind: row.kind, name: row.name });
        return row;
      }),

    categoryUpdate: async ({ params, body, principal, req }) =>
      db.transaction(async (tx) => {
        const current = await findCategory(tx, params.id);
        if (!current) throw notFound('分类不存在');
        if (await categoryNameTaken(tx, current.kind, body.name, params.id)) throw conflict(`分类「${body.name}」已存在`);
        const row = await updateCategory(tx, params.id, body);
        if (!row) throw notFound('分类不存在');
        if (current.name !== row.name) await refreshFiled(tx, await filedUnder(tx, row));
        await audit(tx, principal, req, 'category.update', { type: 'category', id: row.id }, { from: current.name, to: row.name, sort: row.sort });
        return row;
      }),

    categoryDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const current = await findCategory(tx, params.id);
        if (!current) throw notFound('分类不存在');
        // References become "no category" (ON DELETE SET NULL); search vectors follow.
        const filed = await filedUnder(tx, current);
        await deleteCategory(tx, current.id);
        await refreshFiled(tx, filed);
        await audit(tx, principal, req, 'category.delete', { type: 'category', id: current.id }, { kind: current.kind, name: current.name });
      });
      return null;
    },

    // --- Regions. ---

    regionCreate: async ({ body, principal, req }) =>
      db.transaction(async (tx) => {
        let level = 1;
        if (body.parentId !== null) {
          const parent = await findRegion(tx, body.parentId);
          if (!parent) throw badRequest('上级地区：地区不存在', { parentId: '地区不存在' });
          if (parent.level >= MAX_REGION_LEVEL) throw badRequest('上级地区：区县下不能再建下级地区', { parentId: '区县下不能再建下级地区' });
          level = parent.level + 1;
        }
        const row = await insertRegion(tx, { parentId: body.parentId, name: body.name, sort: body.sort, level });
        await audit(tx, principal, req, 'region.create', { type: 'region', id: row.id }, { name: row.name, parentId: row.parentId });
        return toRegion(row);
      }),

    regionUpdate: async ({ params, body, principal, req }) =>
      db.transaction(async (tx) => {
        const all = await allRegions(tx);
        const current = all.find((r) => r.id === params.id);
        if (!current) throw notFound('地区不存在');
        const patch: Partial<Pick<RegionRow, 'name' | 'sort' | 'parentId' | 'level'>> = {};
        if (body.name !== undefined) patch.name = body.name;
        if (body.sort !== undefined) patch.sort = body.sort;
        if (body.parentId !== undefined && body.parentId !== current.parentId) {
          // The moved node's subtree: its depth below the node must still fit in three levels.
          const descendants: RegionRow[] = [];
          const collect = (id: number) => {
            for (const child of all.filter((r) => r.parentId === id)) {
              descendants.push(child);
              collect(child.id);
            }
          };
          collect(current.id);
          let level = 1;
          if (body.parentId !== null) {
            const parent = all.find((r) => r.id === body.parentId);
            if (!parent) throw badRequest('上级地区：地区不存在', { parentId: '地区不存在' });
            if (parent.id === current.id || descendants.some((d) => d.id === parent.id)) {
              throw badRequest('上级地区：不能移到自己或自己的下级地区之下', { parentId: '不能移到自己或自己的下级地区之下' });
            }
            level = parent.level + 1;
          }
          const delta = level - current.level;
          const deepest = Math.max(current.level, ...descendants.map((d) => d.level)) + delta;
          if (deepest > MAX_REGION_LEVEL) throw badRequest('上级地区：移动后层级超过省、市、区县三级', { parentId: '移动后层级超过三级' });
          patch.parentId = body.parentId;
          patch.level = level;
          for (const d of descendants) await setRegionLevel(tx, d.id, d.level + delta);
        }
        const row = Object.keys(patch).length > 0 ? await updateRegion(tx, current.id, patch) : current;
        if (!row) throw notFound('地区不存在');
        await audit(tx, principal, req, 'region.update', { type: 'region', id: row.id }, { before: toRegion(current), after: toRegion(row) });
        return toRegion(row);
      }),

    regionDelete: async ({ params, principal, req }) => {
      await db.transaction(async (tx) => {
        const current = await findRegion(tx, params.id);
        if (!current) throw notFound('地区不存在');
        const children = await countChildRegions(tx, current.id);
        if (children) throw conflict(`「${current.name}」下还有 ${children} 个下级地区，只能删除末级地区`);
        await deleteRegion(tx, current.id);
        await audit(tx, principal, req, 'region.delete', { type: 'region', id: current.id }, { name: current.name, parentId: current.parentId });
      });
      return null;
    },
  };
}
