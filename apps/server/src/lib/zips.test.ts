import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packageZipStream, streamToBuffer, ZIP_MAX_BYTES, zipOfZipsStream, zipStream, ZipTooLargeError } from './zips';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('zips', () => {
  it('keeps every attachment of a package under its own name', async () => {
    const zip = await streamToBuffer(
      packageZipStream({ name: '申报书.docx', body: bytes('doc') }, [
        { name: '预算.pdf', mime: 'application/pdf', body: bytes('a') },
        { name: '预算.PDF', mime: 'application/pdf', body: bytes('b') },
        { name: '预算.pdf', mime: 'application/pdf', body: bytes('c') },
      ]),
    );
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['申报书.docx', '附件/预算 (2).PDF', '附件/预算 (3).pdf', '附件/预算.pdf'].sort());
  });

  it('numbers packages of the same name in a zip of zips', async () => {
    const zip = await streamToBuffer(
      zipOfZipsStream([
        { name: '项目-表单-张三.zip', body: bytes('1') },
        { name: '项目-表单-张三.zip', body: bytes('2') },
        { name: '项目-表单-李四.zip', body: bytes('3') },
      ]),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['项目-表单-张三.zip', '项目-表单-张三 (2).zip', '项目-表单-李四.zip']);
    expect(new TextDecoder().decode(files['项目-表单-张三 (2).zip'])).toBe('2');
  });

  it('names entries without bidi controls or invisible characters, numbering names that become alike', async () => {
    const zip = await streamToBuffer(
      packageZipStream({ name: '\u2066申报书\u2069.docx', body: bytes('doc') }, [
        { name: '\u202egnp.exe.png', mime: 'image/png', body: bytes('a') },
        { name: '报告\u202efdp.exe', mime: 'application/pdf', body: bytes('b') },
        { name: '预\u200b算.pdf', mime: 'application/pdf', body: bytes('c') },
        { name: '预算\ufeff.pdf', mime: 'application/pdf', body: bytes('d') },
        { name: '\u200e\u200f\u061c.pdf', mime: 'application/pdf', body: bytes('e') },
      ]),
    );
    expect(Object.keys(unzipSync(zip))).toEqual(['申报书.docx', '附件/gnp.exe.png', '附件/报告fdp.exe', '附件/预算.pdf', '附件/预算 (2).pdf', '附件/未命名.pdf']);

    const zips = await streamToBuffer(zipOfZipsStream([{ name: '项目\u202e-张三.zip', body: bytes('1') }, { name: '\u200d', body: bytes('2') }]));
    expect(Object.keys(unzipSync(zips))).toEqual(['项目-张三.zip', '未命名']);
  });

  it('streams entries from streams, deflating text and storing what is compressed already, names flagged UTF-8', async () => {
    const text = '第一段文字。'.repeat(50_000);
    const random = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const zip = await streamToBuffer(
      packageZipStream({ name: '申报书.docx', body: bytes('doc') }, [
        // Chunks of all sizes, some larger than the pieces entries are fed in.
        { name: '说明.txt', mime: 'text/plain', body: Readable.from([Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10))]) },
        { name: '图.png', mime: 'image/png', body: Readable.from([random]) },
      ]),
    );
    const files = unzipSync(zip);
    expect(strFromU8(files['附件/说明.txt']!)).toBe(text);
    expect(Buffer.from(files['附件/图.png']!).equals(random)).toBe(true);
    // Deflated: far smaller than the 900 kB of repeated text.
    expect(zip.length).toBeLessThan(random.length + 50_000);
    // General purpose flag bit 11 (UTF-8 names) in the first local header.
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(6) & 0x0800).toBe(0x0800);
  });

  it('fails the stream when a source fails, and never opens the sources after it', async () => {
    let opened = 0;
    async function* entries() {
      yield { name: 'a.txt', body: bytes('a'), compress: true };
      yield {
        name: 'b.txt',
        compress: false,
        body: (async function* () {
          yield bytes('half');
          throw new Error('storage went away');
        })(),
      };
      opened += 1;
      yield { name: 'c.txt', body: bytes('c'), compress: false };
    }
    await expect(streamToBuffer(zipStream(entries()))).rejects.toThrow('storage went away');
    expect(opened).toBe(0);
  });

  it('fails instead of writing a zip past its 32-bit limit (no ZIP64), and stays under 4 GiB by default', async () => {
    expect(ZIP_MAX_BYTES).toBeLessThan(2 ** 32);
    const big = new Uint8Array(600);
    const entries = [{ name: 'a.zip', body: big }, { name: 'b.zip', body: big }];
    await expect(streamToBuffer(zipOfZipsStream(entries, 1_000))).rejects.toBeInstanceOf(ZipTooLargeError);
    expect((await streamToBuffer(zipOfZipsStream(entries, 2_000))).length).toBeGreaterThan(1_200);
  });
});
