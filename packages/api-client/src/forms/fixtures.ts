// Test fixtures: a realistic application form with every field kind, good data for it, and uploads.
import { creditCodeCheckChar, idCardCheckChar } from './checks';
import type { UploadInfo } from './builder';
import type { FormField } from './definition';

const MB = 1024 * 1024;

export const applicationForm: FormField[] = [
  { key: 'basics', kind: 'section', label: '基本信息' },
  { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50, placeholder: '请输入项目名称' },
  { key: 'postcode', kind: 'text', label: '邮政编码', pattern: '\\d{6}', patternMessage: '应为 6 位数字' },
  { key: 'summary', kind: 'textarea', label: '项目简介', required: true, minLength: 10, maxLength: 500 },
  { key: 'performances', kind: 'number', label: '演出场次', required: true, min: 1, max: 200, integer: true },
  { key: 'amount', kind: 'money', label: '申请资助金额', required: true, min: 0, max: 500000, help: '单位：元' },
  { key: 'premiere', kind: 'date', label: '首演日期', required: true, min: '2025-01-01', max: '2027-12-31' },
  { key: 'period', kind: 'dateRange', label: '实施周期', required: true, min: '2025-01-01', max: '2027-12-31' },
  {
    key: 'genre',
    kind: 'select',
    label: '艺术门类',
    required: true,
    options: [
      { label: '戏剧', value: 'drama' },
      { label: '音乐', value: 'music' },
      { label: '舞蹈', value: 'dance' },
    ],
  },
  {
    key: 'venues',
    kind: 'multiSelect',
    label: '演出场所',
    required: true,
    maxItems: 2,
    options: [
      { label: '大剧院', value: 'theatre' },
      { label: '音乐厅', value: 'hall' },
      { label: '户外广场', value: 'square' },
    ],
  },
  {
    key: 'applicantType',
    kind: 'radio',
    label: '申报主体',
    required: true,
    options: [
      { label: '个人', value: 'person' },
      { label: '单位', value: 'company' },
    ],
  },
  {
    key: 'channels',
    kind: 'checkbox',
    label: '宣传渠道',
    required: true,
    minItems: 2,
    options: [
      { label: '报纸', value: 'paper' },
      { label: '电视', value: 'tv' },
      { label: '网络', value: 'web' },
    ],
  },
  { key: 'region', kind: 'region', label: '所在地区', required: true },
  { key: 'contact', kind: 'section', label: '联系方式' },
  { key: 'phone', kind: 'mobile', label: '联系电话', required: true },
  { key: 'email', kind: 'email', label: '电子邮箱', required: true },
  { key: 'idNumber', kind: 'idCard', label: '负责人身份证号', required: true },
  { key: 'creditCode', kind: 'creditCode', label: '统一社会信用代码', required: true },
  { key: 'plan', kind: 'richText', label: '实施方案', required: true, maxLength: 5000 },
  { key: 'proposal', kind: 'file', label: '申报书', required: true, accept: ['.pdf', '.docx'], maxSize: 10 * MB },
  {
    key: 'attachments',
    kind: 'files',
    label: '证明材料',
    required: true,
    accept: ['.pdf', 'image/*'],
    maxSize: 20 * MB,
    minItems: 1,
    maxItems: 5,
  },
  { key: 'poster', kind: 'image', label: '宣传海报', required: true, maxSize: 5 * MB },
  {
    key: 'team',
    kind: 'table',
    label: '主创团队',
    required: true,
    minRows: 1,
    maxRows: 10,
    columns: [
      { key: 'name', kind: 'text', label: '姓名', required: true, maxLength: 20 },
      {
        key: 'role',
        kind: 'select',
        label: '职务',
        required: true,
        options: [
          { label: '导演', value: 'director' },
          { label: '编剧', value: 'writer' },
        ],
      },
      { key: 'bio', kind: 'textarea', label: '简介', maxLength: 200 },
      { key: 'age', kind: 'number', label: '年龄', min: 16, integer: true },
      { key: 'fee', kind: 'money', label: '劳务费', min: 0 },
      { key: 'joined', kind: 'date', label: '加入日期' },
      { key: 'phone', kind: 'mobile', label: '联系电话' },
      { key: 'email', kind: 'email', label: '电子邮箱' },
      { key: 'idNumber', kind: 'idCard', label: '身份证号' },
    ],
  },
];

export const idCard = (first17: string): string => first17 + idCardCheckChar(first17);
export const creditCode = (first17: string): string => first17 + creditCodeCheckChar(first17);

export const uploads: Record<number, UploadInfo> = {
  1: { name: '申报书.pdf', mime: 'application/pdf', size: 2 * MB },
  2: { name: '获奖证书.jpg', mime: 'image/jpeg', size: 3 * MB },
  3: { name: '海报.png', mime: 'image/png', size: 1 * MB },
  4: { name: 'setup.exe', mime: 'application/x-msdownload', size: 1000 },
  5: { name: '超大文件.pdf', mime: 'application/pdf', size: 30 * MB },
  6: { name: '合作协议.DOCX', mime: 'application/octet-stream', size: 50_000 },
};
export const findUpload = (id: number): UploadInfo | undefined => uploads[id];

export const goodData = {
  projectName: '大型原创舞剧《春江花月夜》',
  postcode: '310000',
  summary: '以唐诗为灵感的大型原创舞剧，讲述江南水乡的故事。',
  performances: 20,
  amount: 300000.5,
  premiere: '2025-10-01',
  period: ['2025-03-01', '2026-06-30'],
  genre: 'dance',
  venues: ['theatre', 'square'],
  applicantType: 'company',
  channels: ['paper', 'web'],
  region: 330106,
  phone: '13800138000',
  email: 'contact@art.example.cn',
  idNumber: idCard('33010619800101123'),
  creditCode: creditCode('91330100MA2ABCDE1'),
  plan: '<h2>一、总体安排</h2><p>分三个阶段实施&hellip;</p><p><img src="/uploads/plan.png"></p>',
  proposal: 1,
  attachments: [1, 2],
  poster: 3,
  team: [
    { name: '张三', role: 'director', bio: '国家一级导演', age: 45, fee: 50000, joined: '2024-05-01', phone: '13900139000' },
    { name: '李四', role: 'writer', email: 'lisi@example.com', idNumber: idCard('11010119900307447') },
  ],
};
