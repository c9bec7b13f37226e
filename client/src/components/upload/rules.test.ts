import { describe, expect, it } from 'vitest';
import {
  acceptOf, checkCount, checkEditorImage, checkFile, checkImage, extensionOf, FILE_TYPES, fileNameOf, joinUrls, servedUrl,
  readUploadReply, splitUrls, uploadHint,
} from './rules';

const MB = 1024 * 1024;
const f = (name: string, size = 10, type = '') => ({ name, size, type });
const IMAGE_TYPES_OK = ['png'];

describe('image rules (spec §5)', () => {
  it('accepts png/jpg/jpeg by extension or MIME, any case', () => {
    expect(checkImage(f('a.png', 1, 'image/png'))).toBeNull();
    expect(checkImage(f('A.JPG', 1, ''))).toBeNull();
    expect(checkImage(f('noext', 1, 'image/jpeg'))).toBeNull();
  });
  it('refuses other formats with the spec text', () => {
    expect(checkImage(f('a.gif', 1, 'image/gif'))).toBe('文件格式不正确, 请上传png/jpg/jpeg图片格式文件!');
    expect(checkImage(f('a.xpng', 1, ''))).not.toBeNull();
    expect(checkImage(f('a.bmp', 1, 'image/bmp'), ['bmp'])).toBeNull();
  });
  it('accepts any image when the type list is empty', () => {
    expect(checkImage(f('a.gif', 1, 'image/gif'), [])).toBeNull();
    expect(checkImage(f('a.txt', 1, 'text/plain'), [])).toContain('文件格式不正确');
  });
  it('checks the size in MB (strictly below)', () => {
    expect(checkImage(f('a.png', 100 * MB, 'image/png'))).toBe('上传头像图片大小不能超过 100 MB!');
    expect(checkImage(f('a.png', 2 * MB, 'image/png'), IMAGE_TYPES_OK, 1)).toBe('上传头像图片大小不能超过 1 MB!');
    expect(checkImage(f('a.png', 100 * MB, 'image/png'), IMAGE_TYPES_OK, 0)).toBeNull();
  });
});
describe('file rules (spec §5)', () => {
  it('accepts the spec list, MOV in any case', () => {
    expect(checkFile(f('report.xlsx'))).toBeNull();
    expect(checkFile(f('clip.mov'))).toBeNull();
    expect(checkFile(f('clip.MOV'))).toBeNull();
    expect(FILE_TYPES).toHaveLength(27);
  });
  it('refuses other extensions and names without one', () => {
    expect(checkFile(f('run.exe'))).toBe(`文件格式不正确, 请上传${FILE_TYPES.join('/')}格式文件!`);
    expect(checkFile(f('README'))).toContain('文件格式不正确');
  });
  it('checks the size', () => {
    expect(checkFile(f('a.pdf', 5 * MB), ['pdf'], 5)).toBe('上传文件大小不能超过 5 MB!');
    expect(checkFile(f('a.pdf', 4 * MB), ['pdf'], 5)).toBeNull();
  });
});

describe('rich-text image rules', () => {
  it('takes jpeg/jpg/png/svg MIME only', () => {
    expect(checkEditorImage(f('a.png', 1, 'image/png'))).toBeNull();
    expect(checkEditorImage(f('a.gif', 1, 'image/gif'))).toBe('图片格式错误!');
    expect(checkEditorImage(f('a.png', 101 * MB, 'image/png'))).toBe('上传文件大小不能超过 100 MB!');
  });
});

describe('count, hint, values', () => {
  it('limits the count', () => {
    expect(checkCount(4, 1, 5)).toBeNull();
    expect(checkCount(4, 2, 5)).toBe('上传文件数量不能超过 5 个!');
    expect(checkCount(40, 2, 0)).toBeNull();
  });
  it('writes the hint', () => {
    expect(uploadHint()).toBe('请上传 大小不超过 100 MB 格式为 png/jpg/jpeg 的文件');
    expect(uploadHint(0, [])).toBe('请上传 的文件');
    expect(acceptOf(['png', 'jpg'])).toBe('.png,.jpg');
  });
  it('splits and joins comma values', () => {
    expect(splitUrls('/a.png, /b.png,,')).toEqual(['/a.png', '/b.png']);
    expect(splitUrls(null)).toEqual([]);
    expect(splitUrls(['/x'])).toEqual(['/x']);
    expect(joinUrls(['/a', '/b'])).toBe('/a,/b');
    expect(extensionOf('a.b.PNG')).toBe('PNG');
    expect(fileNameOf('/caishui-api/profile/upload/2024/01/02/a_1.pdf?x=1')).toBe('a_1.pdf');
  });
  it('says where a stored file is and that API files need the header, never putting a token in the address', () => {
    expect(servedUrl('/caishui-api/profile/upload/a.png')).toEqual({ url: '/caishui-api/profile/upload/a.png', api: true });
    expect(servedUrl('/profile/upload/a.png')).toEqual({ url: '/caishui-api/profile/upload/a.png', api: true });
    expect(servedUrl('/caishui-api/x?y=1')).toEqual({ url: '/caishui-api/x?y=1', api: true });
    expect(servedUrl('https://cdn/x.png')).toEqual({ url: 'https://cdn/x.png', api: false });
    expect(servedUrl('//cdn/caishui-api/x.png')).toEqual({ url: '//cdn/caishui-api/x.png', api: false });
    expect(servedUrl('data:image/png;base64,AA')).toEqual({ url: 'data:image/png;base64,AA', api: false });
    expect(servedUrl('blob:http://h/1')).toEqual({ url: 'blob:http://h/1', api: false });
    expect(servedUrl('/profile/a.png', '/api')).toEqual({ url: '/api/profile/a.png', api: true });
  });
  it('reads upload replies', () => {
    expect(readUploadReply({ code: 200, url: '/u/a.png', fileName: '/profile/a.png', originalFilename: 'a.png' }, 'x')).toEqual({
      ok: true, url: '/u/a.png', fileName: '/profile/a.png', originalFilename: 'a.png',
    });
    expect(readUploadReply({ code: 500, msg: '文件格式不正确' }, '上传图片失败，请重试')).toEqual({ ok: false, code: 500, message: '文件格式不正确' });
    expect(readUploadReply(null, '上传图片失败，请重试')).toMatchObject({ ok: false, message: '上传图片失败，请重试' });
  });
});
