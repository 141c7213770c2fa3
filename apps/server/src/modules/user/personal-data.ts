// Everything the platform holds about one applicant, as they may ask for it (PIPL art. 45: a copy
// of their personal information, and its transfer in a common format): one zip with the records
// as JSON and the files they uploaded, streamed from the database and storage.
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { zipStream, type ZipEntry } from '../../lib/zips';
import { FILES_FOLDER, personalRecords } from './personal-data-repository';

const README = `本压缩包是您在本平台上的全部个人数据副本。

个人数据.json  账号信息（含是否启用两步验证）、登录记录、企业认证、申报（含草稿、已撤回和每一次提交的内容与回执）、
               您上传的文件清单和您的操作记录；时间均为 UTC（ISO 8601），北京时间加 8 小时。
${FILES_FOLDER}/          您上传的全部文件，文件名以文件编号开头，与 JSON 中的 uploads 对应。

如需更正个人信息，请在个人中心修改。
`;

/** The applicant's personal data as a zip stream; null when the account does not exist. */
export async function personalDataZip(db: Database, storage: Storage, userId: number): Promise<Readable | null> {
  const records = await personalRecords(db, userId);
  if (!records) return null;
  const { record, files } = records;
  return zipStream(
    (async function* (): AsyncGenerator<ZipEntry> {
      yield { name: '说明.txt', body: Buffer.from(README), compress: true };
      yield { name: '个人数据.json', body: Buffer.from(JSON.stringify(record, null, 2)), compress: true };
      for (const file of files) {
        // Opened when its turn comes; a stored object gone missing leaves the rest of the copy whole.
        const stored = await storage.open(file.storageKey);
        if (stored) yield { name: file.inArchive, body: stored.body, compress: !/^(image\/|application\/(pdf|zip))/.test(file.mime) };
      }
    })(),
  );
}
