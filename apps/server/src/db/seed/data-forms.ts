// Form definitions of the demo calls. Together they use every field kind; the stage-art
// application form alone uses all of them.
import type { FormFieldDefinition } from '../schema';

type Field = FormFieldDefinition;
type Option = { label: string; value: string };

const MB = 1024 * 1024;

const opts = (...pairs: [string, string][]): Option[] => pairs.map(([label, value]) => ({ label, value }));

const PROFESSIONAL_TITLES = opts(
  ['正高级', 'senior'],
  ['副高级', 'associateSenior'],
  ['中级', 'intermediate'],
  ['初级', 'junior'],
  ['无', 'none'],
);

const DOCUMENT_TYPES = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'];

/** The usual block about the applying organisation. */
function applicantUnit(prefix = ''): Field[] {
  return [
    { key: `${prefix}unitName`, kind: 'text', label: '申报单位名称', required: true, maxLength: 100, help: '与营业执照或法人登记证书上的名称一致' },
    { key: `${prefix}creditCode`, kind: 'creditCode', label: '统一社会信用代码', required: true },
    { key: `${prefix}unitRegion`, kind: 'region', label: '所在地区', required: true },
    { key: `${prefix}unitAddress`, kind: 'text', label: '详细地址', required: true, maxLength: 200 },
  ];
}

function contact(): Field[] {
  return [
    { key: 'contactName', kind: 'text', label: '联系人', required: true, maxLength: 20 },
    { key: 'contactMobile', kind: 'mobile', label: '联系电话', required: true, help: '请填写手机号码，用于接收评审进度通知' },
    { key: 'contactEmail', kind: 'email', label: '电子邮箱', required: true },
  ];
}

function commitments(extra: Option[] = []): Field {
  const options = [
    ...opts(
      ['本单位承诺所填报信息及所附材料真实、准确、完整', 'truthful'],
      ['申报项目不存在知识产权争议，未侵犯他人合法权益', 'ip'],
      ['同一项目未同时申报其他省级财政资助', 'noDuplicate'],
    ),
    ...extra,
  ];
  return {
    key: 'commitments',
    kind: 'checkbox',
    label: '承诺事项',
    required: true,
    options,
    minItems: options.length,
    help: '请逐项阅读并勾选全部承诺',
  };
}

/** 舞台艺术精品创作扶持项目申报书: every field kind in one realistic form. */
export function stageArtApplicationForm(year: number, maxAmount = 300_000): Field[] {
  return [
    { key: 'basicSection', kind: 'section', label: '一、基本信息', help: '带 * 的为必填项。草稿可随时保存，提交后不可修改，如需修改请联系工作人员退回。' },
    { key: 'projectName', kind: 'text', label: '项目名称', required: true, minLength: 2, maxLength: 50, placeholder: '如：原创越剧《钱塘潮》' },
    { key: 'applicantUnit', kind: 'text', label: '申报单位', required: true, maxLength: 100 },
    { key: 'creditCode', kind: 'creditCode', label: '统一社会信用代码', required: true },
    { key: 'leaderName', kind: 'text', label: '项目负责人', required: true, maxLength: 20 },
    { key: 'leaderIdCard', kind: 'idCard', label: '负责人身份证号', required: true, help: '仅用于资格审核，不对外公开' },
    { key: 'contactMobile', kind: 'mobile', label: '联系电话', required: true },
    { key: 'contactEmail', kind: 'email', label: '电子邮箱', required: true },
    { key: 'region', kind: 'region', label: '所在地区', required: true },
    {
      key: 'artCategory',
      kind: 'select',
      label: '艺术门类',
      required: true,
      options: opts(['戏曲', 'opera'], ['话剧', 'drama'], ['音乐剧', 'musical'], ['歌剧', 'chineseOpera'], ['舞剧', 'danceDrama'], ['音乐', 'music'], ['曲艺', 'quyi'], ['杂技', 'acrobatics']),
    },
    {
      key: 'applyType',
      kind: 'radio',
      label: '申报类型',
      required: true,
      options: opts(['新创作品', 'new'], ['重点修改提升', 'revision'], ['经典复排', 'revival']),
    },
    { key: 'contentSection', kind: 'section', label: '二、项目内容' },
    { key: 'projectPeriod', kind: 'dateRange', label: '项目周期', required: true, min: `${year}-01-01`, max: `${year + 2}-12-31`, help: '实施周期一般不超过 24 个月' },
    { key: 'premiereDate', kind: 'date', label: '首演日期', min: `${year}-01-01`, max: `${year + 2}-12-31`, help: '尚未首演的请填写计划首演日期' },
    { key: 'requestedAmount', kind: 'money', label: '申请资助金额（元）', required: true, min: 10_000, max: maxAmount, help: `单个项目资助上限 ${maxAmount / 10_000} 万元` },
    { key: 'performanceCount', kind: 'number', label: '计划演出场次', required: true, integer: true, min: 1, max: 300 },
    { key: 'summary', kind: 'textarea', label: '项目简介', required: true, minLength: 50, maxLength: 800, placeholder: '简要介绍作品题材、主题立意、艺术特色和预期影响' },
    { key: 'creativePlan', kind: 'richText', label: '创作方案', required: true, maxLength: 8000, help: '包括创作背景、剧情梗概、艺术构想、排演计划和宣传推广计划等' },
    { key: 'teamSection', kind: 'section', label: '三、主创团队与经费预算' },
    {
      key: 'creativeTeam',
      kind: 'table',
      label: '主创团队',
      required: true,
      minRows: 1,
      maxRows: 20,
      help: '编剧、导演、作曲、舞美设计、主要演员等',
      columns: [
        { key: 'name', kind: 'text', label: '姓名', required: true, maxLength: 20 },
        { key: 'role', kind: 'text', label: '担任职务', required: true, maxLength: 20, placeholder: '如：编剧' },
        { key: 'title', kind: 'select', label: '职称', options: PROFESSIONAL_TITLES },
        { key: 'organisation', kind: 'text', label: '工作单位', maxLength: 60 },
        { key: 'mobile', kind: 'mobile', label: '联系电话' },
        { key: 'email', kind: 'email', label: '电子邮箱' },
      ],
    },
    {
      key: 'budgetItems',
      kind: 'table',
      label: '预算明细',
      required: true,
      minRows: 1,
      maxRows: 30,
      columns: [
        { key: 'item', kind: 'text', label: '支出科目', required: true, maxLength: 30, placeholder: '如：舞美制作' },
        { key: 'basis', kind: 'textarea', label: '测算依据', maxLength: 200 },
        { key: 'quantity', kind: 'number', label: '数量', integer: true, min: 0 },
        { key: 'amount', kind: 'money', label: '金额（元）', required: true, min: 0 },
        { key: 'payDate', kind: 'date', label: '预计支出时间' },
      ],
    },
    {
      key: 'partners',
      kind: 'multiSelect',
      label: '合作方',
      maxItems: 4,
      options: opts(['省内专业院团', 'troupe'], ['高等院校', 'university'], ['演出场馆', 'venue'], ['文化企业', 'company'], ['媒体平台', 'media'], ['基层文化站', 'station']),
    },
    { key: 'attachmentSection', kind: 'section', label: '四、附件与承诺', help: '附件请使用 PDF 或常见办公文档格式，扫描件需清晰可辨。' },
    { key: 'applicationScan', kind: 'file', label: '申报书扫描件（加盖公章）', required: true, accept: ['.pdf'], maxSize: 20 * MB },
    { key: 'supportingFiles', kind: 'files', label: '附件材料', help: '剧本、总谱、获奖证明、演出合同等', accept: DOCUMENT_TYPES, maxSize: 20 * MB, maxItems: 10 },
    { key: 'stagePhoto', kind: 'image', label: '剧照', maxSize: 5 * MB, help: '新创作品可上传效果图' },
    commitments(),
  ];
}

/** 绩效目标表: the second form of the stage-art call. */
export function performanceGoalsForm(): Field[] {
  return [
    { key: 'goalSection', kind: 'section', label: '项目绩效目标', help: '绩效目标将作为结项验收的重要依据，请据实填写、可量化考核。' },
    { key: 'overallGoal', kind: 'textarea', label: '总体目标', required: true, minLength: 20, maxLength: 500 },
    {
      key: 'indicators',
      kind: 'table',
      label: '绩效指标',
      required: true,
      minRows: 3,
      maxRows: 15,
      columns: [
        { key: 'kind', kind: 'select', label: '指标类型', required: true, options: opts(['产出指标', 'output'], ['效益指标', 'benefit'], ['满意度指标', 'satisfaction']) },
        { key: 'name', kind: 'text', label: '指标名称', required: true, maxLength: 40 },
        { key: 'target', kind: 'text', label: '目标值', required: true, maxLength: 40, placeholder: '如：≥30 场' },
      ],
    },
    { key: 'audience', kind: 'number', label: '预计观众人次', required: true, integer: true, min: 0 },
    { key: 'onlineViews', kind: 'number', label: '预计线上观看人次', integer: true, min: 0 },
  ];
}

/** 非遗保护传承项目申报表 (individual inheritors and workshops). */
export function heritageForm(year: number): Field[] {
  return [
    { key: 'itemSection', kind: 'section', label: '一、非遗项目情况' },
    { key: 'itemName', kind: 'text', label: '非遗项目名称', required: true, maxLength: 50 },
    {
      key: 'itemLevel',
      kind: 'radio',
      label: '项目级别',
      required: true,
      options: opts(['国家级', 'national'], ['省级', 'provincial'], ['市级', 'municipal'], ['县级', 'county']),
    },
    {
      key: 'itemType',
      kind: 'select',
      label: '项目类别',
      required: true,
      options: opts(['民间文学', 'literature'], ['传统音乐', 'music'], ['传统舞蹈', 'dance'], ['传统戏剧', 'theatre'], ['曲艺', 'quyi'], ['传统技艺', 'craft'], ['传统美术', 'fineArt'], ['民俗', 'folk']),
    },
    { key: 'itemRegion', kind: 'region', label: '项目所在地', required: true },
    { key: 'inheritorSection', kind: 'section', label: '二、传承人信息' },
    { key: 'inheritorName', kind: 'text', label: '代表性传承人', required: true, maxLength: 20 },
    { key: 'inheritorIdCard', kind: 'idCard', label: '身份证号码', required: true },
    { key: 'inheritorMobile', kind: 'mobile', label: '联系电话', required: true },
    { key: 'recognisedOn', kind: 'date', label: '认定时间', max: `${year}-12-31` },
    {
      key: 'apprentices',
      kind: 'table',
      label: '传承团队（学徒）',
      maxRows: 30,
      columns: [
        { key: 'name', kind: 'text', label: '姓名', required: true, maxLength: 20 },
        { key: 'idCard', kind: 'idCard', label: '身份证号码', required: true },
        { key: 'since', kind: 'date', label: '拜师时间' },
        { key: 'mobile', kind: 'mobile', label: '联系电话' },
      ],
    },
    { key: 'planSection', kind: 'section', label: '三、传承计划' },
    { key: 'plan', kind: 'textarea', label: '传承计划', required: true, minLength: 100, maxLength: 1500, help: '包括带徒授艺、展示展演、进校园进社区、资料整理等安排' },
    {
      key: 'activities',
      kind: 'checkbox',
      label: '计划开展的活动',
      required: true,
      minItems: 1,
      options: opts(['带徒授艺', 'teaching'], ['展示展演', 'showcase'], ['进校园', 'school'], ['进社区', 'community'], ['数字化记录', 'digital'], ['文创开发', 'product']),
    },
    { key: 'requestedAmount', kind: 'money', label: '申请资助金额（元）', required: true, min: 5_000, max: 100_000 },
    { key: 'workPhotos', kind: 'files', label: '代表作品照片', required: true, accept: ['image/*'], maxSize: 10 * MB, minItems: 3, maxItems: 12 },
    { key: 'certificate', kind: 'file', label: '传承人认定证书', required: true, accept: ['.pdf', 'image/*'], maxSize: 10 * MB },
    commitments(),
  ];
}

/** 数字文创产业融合发展项目申报书 (companies). */
export function digitalCreativeForm(year: number): Field[] {
  return [
    { key: 'unitSection', kind: 'section', label: '一、申报企业' },
    ...applicantUnit(),
    { key: 'establishedOn', kind: 'date', label: '成立日期', required: true, max: `${year}-12-31` },
    { key: 'registeredCapital', kind: 'money', label: '注册资本（元）', required: true, min: 0 },
    { key: 'employees', kind: 'number', label: '从业人员数', required: true, integer: true, min: 1 },
    { key: 'lastYearRevenue', kind: 'money', label: `${year - 1}年营业收入（元）`, min: 0 },
    ...contact(),
    { key: 'projectSection', kind: 'section', label: '二、项目情况' },
    { key: 'projectName', kind: 'text', label: '项目名称', required: true, maxLength: 50 },
    {
      key: 'directions',
      kind: 'multiSelect',
      label: '融合方向',
      required: true,
      minItems: 1,
      maxItems: 3,
      options: opts(['沉浸式演艺', 'immersive'], ['数字藏品与版权运营', 'copyright'], ['线上演播', 'streaming'], ['动漫游戏', 'animation'], ['文旅融合', 'tourism'], ['智慧场馆', 'venue']),
    },
    { key: 'projectPeriod', kind: 'dateRange', label: '实施周期', required: true, min: `${year}-01-01`, max: `${year + 2}-12-31` },
    { key: 'totalInvestment', kind: 'money', label: '项目总投资（元）', required: true, min: 100_000 },
    { key: 'requestedAmount', kind: 'money', label: '申请资助金额（元）', required: true, min: 50_000, max: 500_000 },
    { key: 'projectPlan', kind: 'richText', label: '项目实施方案', required: true, maxLength: 10_000 },
    {
      key: 'coreTeam',
      kind: 'table',
      label: '核心团队',
      required: true,
      minRows: 2,
      maxRows: 10,
      columns: [
        { key: 'name', kind: 'text', label: '姓名', required: true, maxLength: 20 },
        { key: 'position', kind: 'text', label: '职务', required: true, maxLength: 30 },
        { key: 'email', kind: 'email', label: '电子邮箱' },
      ],
    },
    { key: 'attachmentSection', kind: 'section', label: '三、附件' },
    { key: 'businessLicence', kind: 'image', label: '营业执照副本', required: true, maxSize: 5 * MB },
    { key: 'financialReport', kind: 'file', label: `${year - 1}年度财务审计报告`, required: true, accept: ['.pdf'], maxSize: 30 * MB },
    { key: 'otherFiles', kind: 'files', label: '其他证明材料', help: '知识产权证书、合作协议、获奖证书等', accept: DOCUMENT_TYPES, maxSize: 20 * MB, maxItems: 10 },
    commitments(opts(['本企业近三年无重大违法违规记录', 'compliance'])),
  ];
}

/** 美术作品申报表 (individual artists). */
export function fineArtForm(year: number): Field[] {
  return [
    { key: 'artistSection', kind: 'section', label: '一、作者信息' },
    { key: 'artistName', kind: 'text', label: '作者姓名', required: true, maxLength: 20 },
    { key: 'artistIdCard', kind: 'idCard', label: '身份证号码', required: true },
    { key: 'birthDate', kind: 'date', label: '出生日期', required: true, min: '1940-01-01', max: `${year - 18}-12-31` },
    { key: 'mobile', kind: 'mobile', label: '手机号码', required: true },
    { key: 'email', kind: 'email', label: '电子邮箱' },
    { key: 'workUnit', kind: 'text', label: '工作单位', maxLength: 60 },
    { key: 'region', kind: 'region', label: '常住地', required: true },
    { key: 'artworkSection', kind: 'section', label: '二、创作选题' },
    { key: 'artworkTitle', kind: 'text', label: '作品（选题）名称', required: true, maxLength: 40 },
    {
      key: 'medium',
      kind: 'select',
      label: '画种',
      required: true,
      options: opts(['中国画', 'ink'], ['油画', 'oil'], ['版画', 'print'], ['雕塑', 'sculpture'], ['水彩', 'watercolour'], ['综合材料', 'mixed']),
    },
    { key: 'size', kind: 'text', label: '尺寸（厘米）', required: true, pattern: String.raw`\d{2,4}\s*[x×]\s*\d{2,4}(\s*[x×]\s*\d{1,4})?`, patternMessage: '应为“宽×高”或“宽×高×深”，如 180×200', placeholder: '180×200' },
    { key: 'creationPeriod', kind: 'dateRange', label: '创作周期', required: true, min: `${year}-01-01`, max: `${year + 1}-12-31` },
    { key: 'statement', kind: 'textarea', label: '创作阐述', required: true, minLength: 100, maxLength: 1000 },
    { key: 'draft', kind: 'image', label: '创作小稿', required: true, maxSize: 10 * MB },
    { key: 'previousWorks', kind: 'files', label: '近五年代表作品', accept: ['image/*', '.pdf'], maxSize: 10 * MB, maxItems: 5 },
    commitments(),
  ];
}

/** 舞蹈创作孵化申报表. */
export function danceForm(year: number): Field[] {
  return [
    { key: 'projectName', kind: 'text', label: '作品名称', required: true, maxLength: 40 },
    { key: 'choreographer', kind: 'text', label: '编导姓名', required: true, maxLength: 20 },
    { key: 'choreographerIdCard', kind: 'idCard', label: '编导身份证号码', required: true },
    { key: 'mobile', kind: 'mobile', label: '联系电话', required: true },
    { key: 'email', kind: 'email', label: '电子邮箱', required: true },
    { key: 'region', kind: 'region', label: '所在地区', required: true },
    {
      key: 'form',
      kind: 'radio',
      label: '作品形式',
      required: true,
      options: opts(['独舞', 'solo'], ['双人舞', 'duet'], ['三人舞', 'trio'], ['群舞', 'group'], ['舞蹈剧场', 'theatre']),
    },
    { key: 'duration', kind: 'number', label: '作品时长（分钟）', required: true, min: 3, max: 90 },
    { key: 'dancers', kind: 'number', label: '演员人数', required: true, integer: true, min: 1, max: 60 },
    { key: 'concept', kind: 'textarea', label: '创作理念', required: true, minLength: 100, maxLength: 1200 },
    { key: 'rehearsalPeriod', kind: 'dateRange', label: '排练周期', required: true, min: `${year}-01-01`, max: `${year + 1}-12-31` },
    { key: 'demoVideo', kind: 'file', label: '排练或片段视频', help: '可上传 3 分钟以内的 MP4 视频', accept: ['.mp4', 'video/*'], maxSize: 200 * MB },
    { key: 'requestedAmount', kind: 'money', label: '申请孵化经费（元）', required: true, min: 10_000, max: 150_000 },
    commitments(),
  ];
}

/** A short application form used by several calls. */
export function generalForm(subject: string, maxAmount: number): Field[] {
  return [
    { key: 'unitSection', kind: 'section', label: '申报主体' },
    ...applicantUnit(),
    ...contact(),
    { key: 'projectSection', kind: 'section', label: '项目内容' },
    { key: 'projectName', kind: 'text', label: `${subject}名称`, required: true, maxLength: 50 },
    { key: 'summary', kind: 'textarea', label: '项目概述', required: true, minLength: 50, maxLength: 1000 },
    { key: 'requestedAmount', kind: 'money', label: '申请资助金额（元）', required: true, min: 10_000, max: maxAmount },
    { key: 'plan', kind: 'richText', label: '实施方案', required: true, maxLength: 6000 },
    { key: 'attachments', kind: 'files', label: '附件材料', accept: DOCUMENT_TYPES, maxSize: 20 * MB, maxItems: 8 },
    commitments(),
  ];
}

/** 剧本征集报名表. */
export function scriptForm(): Field[] {
  return [
    { key: 'scriptTitle', kind: 'text', label: '剧本名称', required: true, maxLength: 40 },
    {
      key: 'genre',
      kind: 'select',
      label: '剧种/体裁',
      required: true,
      options: opts(['越剧', 'yue'], ['婺剧', 'wu'], ['话剧', 'drama'], ['音乐剧', 'musical'], ['儿童剧', 'children'], ['舞剧台本', 'dance'], ['其他', 'other']),
    },
    { key: 'author', kind: 'text', label: '作者（笔名）', required: true, maxLength: 40 },
    { key: 'authorIdCard', kind: 'idCard', label: '身份证号码', required: true },
    { key: 'mobile', kind: 'mobile', label: '联系电话', required: true },
    { key: 'email', kind: 'email', label: '电子邮箱', required: true },
    { key: 'wordCount', kind: 'number', label: '字数（千字）', required: true, min: 5, max: 200 },
    { key: 'synopsis', kind: 'textarea', label: '剧情梗概', required: true, minLength: 200, maxLength: 2000 },
    { key: 'scriptFile', kind: 'file', label: '剧本全文', required: true, accept: ['.pdf', '.doc', '.docx'], maxSize: 20 * MB },
    {
      key: 'originality',
      kind: 'checkbox',
      label: '原创声明',
      required: true,
      minItems: 2,
      options: opts(['剧本为本人原创，未公开发表或演出', 'original'], ['同意主办方在评审和宣传中使用剧本梗概', 'publicity']),
    },
  ];
}

/** 公共文化服务品牌项目申报表. */
export function publicServiceForm(year: number): Field[] {
  return [
    ...applicantUnit(),
    ...contact(),
    { key: 'brandName', kind: 'text', label: '服务品牌名称', required: true, maxLength: 40 },
    { key: 'startedOn', kind: 'date', label: '品牌创立时间', required: true, max: `${year}-12-31` },
    {
      key: 'serviceTypes',
      kind: 'multiSelect',
      label: '服务类型',
      required: true,
      minItems: 1,
      options: opts(['公益演出', 'performance'], ['艺术培训', 'training'], ['阅读推广', 'reading'], ['展览展示', 'exhibition'], ['数字文化服务', 'digital'], ['乡村文化活动', 'rural']),
    },
    { key: 'annualActivities', kind: 'number', label: '年均开展活动（场次）', required: true, integer: true, min: 0 },
    { key: 'annualAudience', kind: 'number', label: '年均服务人次', required: true, integer: true, min: 0 },
    { key: 'achievements', kind: 'textarea', label: '主要成效', required: true, minLength: 100, maxLength: 1500 },
    { key: 'photos', kind: 'files', label: '活动照片', required: true, accept: ['image/*'], maxSize: 10 * MB, minItems: 3, maxItems: 10 },
    commitments(),
  ];
}
