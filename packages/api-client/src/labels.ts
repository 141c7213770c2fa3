/** Chinese names of the request fields, so that a message can name the field it is about. */
export const FIELD_LABELS: Record<string, string> = {
  account: '账号',
  password: '密码',
  oldPassword: '原密码',
  captcha: '图形验证码',
  code: '验证码',
  name: '姓名',
  mobile: '手机号码',
  email: '电子邮箱',
  avatar: '头像',
  id: '编号',
  applyId: '申报编号',
  projectId: '项目编号',
  formId: '表单编号',
  ids: '申报编号',
  page: '页码',
  pageSize: '每页条数',
  keyword: '关键词',
  kind: '分类类型',
  type: '类型',
  categoryId: '分类',
  regionId: '地区',
  status: '状态',
  year: '年份',
  data: '申报数据',
  version: '版本号',
  submit: '提交标记',
  authkey: '令牌',
  enterpriseName: '企业名称',
  creditCode: '统一社会信用代码',
  legalRepresentative: '法定代表人',
  address: '详细地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  licenseFiles: '营业执照',
  introduction: '企业简介',
  file: '文件',
};

/** The label of a field path such as `licenseFiles.0` (its first segment), or the path itself. */
export function fieldLabel(path: string): string {
  const head = path.split('.')[0] ?? path;
  return FIELD_LABELS[head] ?? path;
}
