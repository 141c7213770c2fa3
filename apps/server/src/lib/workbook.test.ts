import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { workbookStream } from './workbook';
import { streamToBuffer } from './zips';

describe('workbookStream', () => {
  it('writes every sheet and row as it goes, telling how many rows are out', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => [`FS-${i}`, i % 2 ? '已通过' : '已提交']);
    const heard: number[] = [];
    const file = await streamToBuffer(
      workbookStream(
        [
          { title: '申报书:第一表/甲', columns: [{ header: '申报编号' }, { header: '状态', width: 10 }], rows: rows.slice(0, 300) },
          { title: '申报书:第一表/甲', columns: [{ header: '申报编号' }, { header: '状态' }], rows: rows.slice(300) },
          { title: '说明', columns: [], rows: [['没有表单']] },
        ],
        async (written) => void heard.push(written),
      ),
    );
    expect(heard).toEqual([200, 400, 451]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(file).buffer);
    const [first, second, third] = workbook.worksheets;
    // Names a sheet may carry: no `/` or `:`, unique.
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['申报书_第一表_甲', '申报书_第一表_甲(2)', '说明']);
    expect((first!.getRow(1).values as unknown[]).slice(1)).toEqual(['申报编号', '状态']);
    expect(first!.getRow(1).font?.bold).toBe(true);
    expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(first!.rowCount).toBe(301);
    expect(second!.rowCount).toBe(151);
    expect((second!.getRow(151).values as unknown[]).slice(1)).toEqual(['FS-449', '已通过']);
    expect((third!.getRow(1).values as unknown[]).slice(1)).toEqual(['没有表单']);
  });

  it('fails the stream when a step fails', async () => {
    const rows = Array.from({ length: 250 }, () => ['x']);
    const stream = workbookStream([{ title: 'a', columns: [{ header: 'h' }], rows }], async () => {
      throw new Error('progress lost');
    });
    await expect(streamToBuffer(stream)).rejects.toThrow('progress lost');
  });
});
