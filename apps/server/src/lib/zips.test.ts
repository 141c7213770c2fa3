import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packageZip, zipOfZips } from './zips';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('zips', () => {
  it('keeps every attachment of a package under its own name', () => {
    const zip = packageZip({ name: '申报书.docx', body: bytes('doc') }, [
      { name: '预算.pdf', mime: 'application/pdf', body: bytes('a') },
      { name: '预算.PDF', mime: 'application/pdf', body: bytes('b') },
      { name: '预算.pdf', mime: 'application/pdf', body: bytes('c') },
    ]);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['申报书.docx', '附件/预算 (2).PDF', '附件/预算 (3).pdf', '附件/预算.pdf'].sort());
  });

  it('numbers packages of the same name in a zip of zips', () => {
    const zip = zipOfZips([
      { name: '项目-表单-张三.zip', body: bytes('1') },
      { name: '项目-表单-张三.zip', body: bytes('2') },
      { name: '项目-表单-李四.zip', body: bytes('3') },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['项目-表单-张三.zip', '项目-表单-张三 (2).zip', '项目-表单-李四.zip']);
    expect(new TextDecoder().decode(files['项目-表单-张三 (2).zip'])).toBe('2');
  });
});
