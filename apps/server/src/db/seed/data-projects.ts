// The demo funding calls. Application windows are relative to the seeding time, so a fresh
// database always has calls that are closed, open (some closing soon) and upcoming.
import type { Attachment, FormFieldDefinition } from '../schema';
import {
  danceForm,
  digitalCreativeForm,
  fineArtForm,
  generalForm,
  heritageForm,
  performanceGoalsForm,
  publicServiceForm,
  scriptForm,
  stageArtApplicationForm,
} from './data-forms';
import { beijingYear } from '../../lib/beijing-time';
import { beijingDay, bulleted, chineseDate, numbered, paragraphs, section } from './helpers';

export interface FormSeed {
  title: string;
  description: string;
  fields: FormFieldDefinition[];
}

export interface ProjectSeed {
  title: string;
  category: string;
  /** A region name from the seed tree; null for calls open to the whole province. */
  region: string | null;
  summary: string;
  guide: string;
  attachments: Attachment[];
  budget: number;
  budgetNote: string;
  applyStart: Date;
  applyEnd: Date;
  year: number;
  forms: FormSeed[];
}

interface GuideParts {
  intro: string[];
  conditions: string[];
  funding: string[];
  materials: string[];
  process: string[];
  contact: string;
}

function guide(parts: GuideParts, start: Date, end: Date): string {
  return [
    paragraphs(...parts.intro),
    section('一、申报时间', `${chineseDate(start)} 9:00 至 ${chineseDate(end)} 17:30，逾期系统自动关闭，不再受理。`),
    numbered('二、申报条件', parts.conditions),
    bulleted('三、资助标准', parts.funding),
    numbered('四、申报材料', parts.materials),
    numbered('五、评审流程', parts.process),
    section('六、联系方式', parts.contact, '系统操作问题请查阅“通知公告”中的《在线申报平台使用说明》。'),
  ].join('');
}

interface Window {
  startDays: number;
  endDays: number;
}

interface Draft extends Omit<ProjectSeed, 'applyStart' | 'applyEnd' | 'year' | 'guide' | 'title' | 'forms'> {
  window: Window;
  title: (year: number) => string;
  guide: GuideParts;
  forms: (year: number) => FormSeed[];
}

const COMMON_PROCESS = [
  '申报单位在线填报并提交，系统生成申报编号和回执。',
  '所在地文化和旅游主管部门进行初审，省艺术精品工程办公室进行形式审查。',
  '组织专家进行书面评审和集中答辩评审，必要时进行实地考察。',
  '评审结果经审定后在平台公示 7 个工作日，公示无异议后下达立项通知。',
];

const COMMON_MATERIALS = [
  '在线填写的申报书（提交后打印并加盖单位公章，扫描上传）。',
  '申报单位营业执照或法人登记证书扫描件。',
  '能够说明项目水平和实施能力的其他佐证材料。',
];

function drafts(): Draft[] {
  return [
    // ---------------- closed ----------------
    {
      window: { startDays: -215, endDays: -175 },
      title: (y) => `${y}年度小剧场戏剧创作扶持项目`,
      category: '舞台艺术',
      region: null,
      summary: '面向全省专业艺术院团、民营文艺表演团体和青年戏剧工作者，扶持题材新颖、形式创新的原创小剧场戏剧作品创作和演出。',
      budget: 2_000_000,
      budgetNote: '单个项目资助上限 20 万元',
      attachments: [],
      guide: {
        intro: ['为激发戏剧创作活力，培育小剧场戏剧创作和演出市场，现启动本年度小剧场戏剧创作扶持项目申报工作。'],
        conditions: ['在本省依法登记注册的专业艺术院团、民营文艺表演团体和演出机构。', '申报作品为原创作品，题材积极健康，已完成剧本创作。', '申报单位具备完成项目所需的创作力量和组织能力。'],
        funding: ['新创作品每项资助 8 万元至 20 万元。', '已首演作品的修改提升每项资助 5 万元至 10 万元。'],
        materials: [...COMMON_MATERIALS, '剧本（或总谱）全文。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 舞台艺术处，电话 0571-8700 0101（演示号码）。',
      },
      forms: (y) => [{ title: '小剧场戏剧创作扶持项目申报书', description: '请如实填写各项内容，提交前可随时保存草稿。', fields: stageArtApplicationForm(y, 200_000) }],
    },
    {
      window: { startDays: -160, endDays: -120 },
      title: (y) => `${y}年度美术创作重点选题资助项目`,
      category: '美术创作',
      region: null,
      summary: '围绕重大现实题材和历史文化题材，资助中国画、油画、版画、雕塑等门类的重点选题创作。',
      budget: 2_400_000,
      budgetNote: '单件（组）作品资助 5 万元至 12 万元',
      attachments: [],
      guide: {
        intro: ['本项目旨在引导美术工作者关注时代、表现人民，推出一批有思想深度和艺术高度的美术精品。'],
        conditions: ['本省美术工作者或在浙工作满两年的美术工作者。', '申报选题须为未完成的新创作品，不接受已发表、已参展作品。', '每位作者限报一个选题。'],
        funding: ['中国画、油画、版画每件（组）资助 5 万元至 8 万元。', '雕塑作品每件资助 8 万元至 12 万元。'],
        materials: ['创作小稿或草图。', '创作阐述（1000 字以内）。', '近五年代表作品图片。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 美术处，电话 0571-8700 0102（演示号码）。',
      },
      forms: (y) => [{ title: '美术创作重点选题申报表', description: '以作者个人名义申报。', fields: fineArtForm(y) }],
    },
    {
      window: { startDays: -100, endDays: -62 },
      title: (y) => `${y}年度公共文化服务品牌创建项目`,
      category: '公共文化服务',
      region: null,
      summary: '支持各地培育群众参与度高、示范带动作用强的公共文化服务品牌，推动优质文化资源向基层延伸。',
      budget: 1_500_000,
      budgetNote: '每个品牌资助 10 万元',
      attachments: [],
      guide: {
        intro: ['为提升公共文化服务效能，培育一批可复制、可推广的基层公共文化服务品牌，特开展本项目申报。'],
        conditions: ['县级以上文化馆、图书馆、博物馆、美术馆，乡镇（街道）综合文化站及备案的社会文化组织。', '品牌连续开展活动两年以上，年均服务群众不少于 5000 人次。'],
        funding: ['入选品牌每个资助 10 万元，用于活动组织、内容创作和宣传推广。'],
        materials: ['品牌创建情况报告。', '近两年活动照片及媒体报道。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 公共服务处，电话 0571-8700 0103（演示号码）。',
      },
      forms: (y) => [{ title: '公共文化服务品牌申报表', description: '由品牌运营单位填报。', fields: publicServiceForm(y) }],
    },
    {
      window: { startDays: -75, endDays: -40 },
      title: (y) => `${y}年度艺术普及与美育推广项目`,
      category: '公共文化服务',
      region: '杭州市',
      summary: '面向杭州市域中小学校和社区，支持高水平艺术院团、艺术院校开展艺术普及讲座、美育课程和公益演出。',
      budget: 800_000,
      budgetNote: '单个项目资助上限 8 万元',
      attachments: [],
      guide: {
        intro: ['本项目由省市联动实施，旨在让更多青少年和市民走近艺术、感受美好。'],
        conditions: ['在杭州市登记注册的文艺院团、艺术院校和艺术教育机构。', '项目须以公益形式开展，不得向参与者收取费用。'],
        funding: ['每个项目资助 3 万元至 8 万元。'],
        materials: [...COMMON_MATERIALS, '合作学校或社区出具的意向函。'],
        process: COMMON_PROCESS,
        contact: '杭州市艺术普及工作专班，电话 0571-8700 0201（演示号码）。',
      },
      forms: () => [{ title: '艺术普及与美育推广项目申报表', description: '', fields: generalForm('普及项目', 80_000) }],
    },
    {
      window: { startDays: -45, endDays: -12 },
      title: (y) => `${y}年度青年文艺人才培养资助计划`,
      category: '文艺人才培养',
      region: null,
      summary: '面向 40 周岁以下青年编剧、导演、作曲、演员和舞美设计人才，资助研修访学、创作实践和个人专场。',
      budget: 1_200_000,
      budgetNote: '每人资助 3 万元至 6 万元',
      attachments: [],
      guide: {
        intro: ['为加快青年文艺人才成长，建设梯次合理的艺术人才队伍，现开展青年文艺人才培养资助申报。'],
        conditions: ['申报截止之日未满 40 周岁。', '在本省从事艺术创作或表演工作满三年。', '近三年有代表性作品或获得省级以上奖项。'],
        funding: ['研修访学类每人资助 3 万元。', '创作实践和个人专场类每人资助 5 万元至 6 万元。'],
        materials: ['个人申报书。', '代表作品或演出视频链接。', '所在单位推荐意见。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 人才处，电话 0571-8700 0104（演示号码）。',
      },
      forms: () => [{ title: '青年文艺人才培养申报表', description: '以个人名义申报，需所在单位推荐。', fields: generalForm('培养项目', 60_000) }],
    },
    // ---------------- open ----------------
    {
      window: { startDays: -20, endDays: 3 },
      title: (y) => `${y}年度舞台艺术精品创作扶持项目`,
      category: '舞台艺术',
      region: null,
      summary: '重点扶持反映时代精神、具有浙江辨识度的原创戏曲、话剧、音乐剧、歌剧和舞剧作品的创作排演与修改提升。',
      budget: 9_000_000,
      budgetNote: '单个项目资助上限 30 万元',
      attachments: [
        { name: '舞台艺术精品创作扶持项目申报指南.pdf', url: '/static/demo/stage-art-guide.pdf', size: 486_512 },
        { name: '申报书填写说明.docx', url: '/static/demo/stage-art-instructions.docx', size: 38_912 },
      ],
      guide: {
        intro: [
          '为贯彻落实文艺精品创作有关部署，持续推进艺术精品工程，省艺术精品工程办公室决定开展本年度舞台艺术精品创作扶持项目申报工作。',
          '本年度重点支持现实题材、革命历史题材和优秀传统文化题材创作，鼓励运用新技术、新形式提升舞台表现力，鼓励院团与高校、企业合作创作。',
        ],
        conditions: [
          '在本省依法登记注册、具有独立法人资格的专业艺术院团、民营文艺表演团体和演出经营单位。',
          '申报作品已完成剧本（总谱）创作，主创团队已基本确定，具备排演条件。',
          '同一单位本年度申报项目不超过 2 个；已获国家艺术基金资助的同一作品不得重复申报。',
          '申报单位近三年无违法违规记录，以往资助项目均已按期结项。',
        ],
        funding: ['新创作品：每项资助 15 万元至 30 万元。', '重点修改提升作品：每项资助 8 万元至 15 万元。', '经典复排作品：每项资助 5 万元至 10 万元。', '资助资金分两期拨付，立项后拨付 60%，结项验收合格后拨付 40%。'],
        materials: [...COMMON_MATERIALS, '剧本（总谱）全文及主创人员名单。', '项目绩效目标表（在线填写）。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 舞台艺术处，电话 0571-8700 0101（演示号码），工作日 9:00—17:30。',
      },
      forms: (y) => [
        { title: '舞台艺术精品创作扶持项目申报书', description: '包括基本信息、项目内容、主创团队与经费预算、附件与承诺四部分。', fields: stageArtApplicationForm(y) },
        { title: '项目绩效目标表', description: '与申报书一并提交。', fields: performanceGoalsForm() },
      ],
    },
    {
      window: { startDays: -10, endDays: 24 },
      title: (y) => `${y}年度非物质文化遗产保护传承项目`,
      category: '非遗传承',
      region: null,
      summary: '支持非物质文化遗产代表性传承人开展带徒授艺、展示展演和进校园、进社区活动，推动非遗在当代生活中的活态传承。',
      budget: 3_000_000,
      budgetNote: '每个项目资助 2 万元至 10 万元',
      attachments: [{ name: '非遗保护传承项目申报说明.pdf', url: '/static/demo/heritage-guide.pdf', size: 265_114 }],
      guide: {
        intro: ['为加强非物质文化遗产系统性保护，扶持代表性传承人开展传承活动，现组织开展本年度非物质文化遗产保护传承项目申报。'],
        conditions: [
          '市级以上非物质文化遗产代表性项目的代表性传承人，或该项目的保护单位。',
          '具有明确的传承计划，年度带徒不少于 2 人。',
          '传承人年满 70 周岁的，可由其指定的主要弟子协助实施。',
        ],
        funding: ['国家级、省级项目每项资助 5 万元至 10 万元。', '市级项目每项资助 2 万元至 5 万元。'],
        materials: ['传承人认定证书。', '代表作品照片（不少于 3 张）。', '传承计划及经费测算。'],
        process: COMMON_PROCESS,
        contact: '省非物质文化遗产保护中心，电话 0571-8700 0105（演示号码）。',
      },
      forms: (y) => [{ title: '非物质文化遗产保护传承项目申报表', description: '由传承人本人或项目保护单位填报。', fields: heritageForm(y) }],
    },
    {
      window: { startDays: -25, endDays: 6 },
      title: (y) => `${y}年度数字文创产业融合发展项目`,
      category: '数字文创',
      region: null,
      summary: '扶持文化企业运用数字技术开发沉浸式演艺、线上演播、数字版权运营等新业态项目，促进文化与科技、旅游深度融合。',
      budget: 5_000_000,
      budgetNote: '单个项目资助上限 50 万元',
      attachments: [],
      guide: {
        intro: ['为培育数字文化新业态，推动文化产业高质量发展，现组织开展数字文创产业融合发展项目申报。'],
        conditions: ['在本省注册登记一年以上的文化企业，已完成本平台企业认证。', '项目已启动实施，总投资不低于 100 万元。', '企业资产负债结构合理，近三年无重大违法违规记录。'],
        funding: ['按项目总投资的 20% 以内给予资助，最高不超过 50 万元。'],
        materials: [...COMMON_MATERIALS, '上一年度财务审计报告。', '知识产权证明材料。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 产业处，电话 0571-8700 0106（演示号码）。',
      },
      forms: (y) => [{ title: '数字文创产业融合发展项目申报书', description: '由企业法人单位填报。', fields: digitalCreativeForm(y) }],
    },
    {
      window: { startDays: -5, endDays: 40 },
      title: (y) => `${y}年度青年美术创作人才培养计划`,
      category: '美术创作',
      region: null,
      summary: '遴选一批有潜力的青年美术工作者，通过导师带教、采风写生和创作资助，支持其完成一件（组）主题创作。',
      budget: 1_600_000,
      budgetNote: '每人资助 4 万元，另提供采风写生支持',
      attachments: [],
      guide: {
        intro: ['本计划采取“导师带教 + 创作资助”方式，为青年美术工作者搭建成长平台，培养周期一年。'],
        conditions: ['申报截止之日未满 40 周岁。', '在本省从事美术创作，作品曾入选市级以上美术展览。'],
        funding: ['入选者每人资助 4 万元创作经费。', '统一组织两次采风写生，费用由项目承担。'],
        materials: ['创作小稿。', '近五年代表作品（不超过 5 件）。'],
        process: ['在线申报。', '专家评审遴选 40 人。', '公示后签订培养协议，分配指导老师。'],
        contact: '省艺术精品工程办公室 美术处，电话 0571-8700 0102（演示号码）。',
      },
      forms: (y) => [{ title: '青年美术创作人才申报表', description: '以个人名义申报。', fields: fineArtForm(y) }],
    },
    {
      window: { startDays: -3, endDays: 18 },
      title: (y) => `${y}年度现代舞蹈创作孵化计划`,
      category: '舞台艺术',
      region: '杭州市',
      summary: '面向青年编导征集现代舞蹈创作方案，入选作品获得排练场地、孵化经费和剧场展演机会。',
      budget: 900_000,
      budgetNote: '每部作品孵化经费 3 万元至 15 万元',
      attachments: [],
      guide: {
        intro: ['现代舞蹈创作孵化计划由省艺术精品工程办公室与杭州市文化主管部门联合实施，旨在发现和培养具有独立创作能力的青年编导。'],
        conditions: ['年龄在 45 周岁以下的舞蹈编导（个人或团队）。', '作品为未公开演出的原创作品，时长 8 分钟至 60 分钟。'],
        funding: ['短篇作品孵化经费 3 万元至 6 万元。', '长篇作品孵化经费 8 万元至 15 万元。', '入选作品免费使用排练厅不少于 120 小时。'],
        materials: ['创作理念及结构说明。', '排练或片段视频（如有）。'],
        process: ['在线申报。', '专家初评后进入工作坊展示环节。', '终评确定孵化作品并公示。'],
        contact: '杭州市舞蹈创作孵化工作室，电话 0571-8700 0202（演示号码）。',
      },
      forms: (y) => [{ title: '现代舞蹈创作孵化申报表', description: '团队申报的由编导作为申报人。', fields: danceForm(y) }],
    },
    // ---------------- upcoming ----------------
    {
      window: { startDays: 8, endDays: 45 },
      title: (y) => `${y}年度优秀剧本征集与孵化项目`,
      category: '舞台艺术',
      region: null,
      summary: '面向社会公开征集戏曲、话剧、音乐剧和儿童剧原创剧本，优秀剧本将获得孵化经费并推荐院团排演。',
      budget: 1_000_000,
      budgetNote: '入选剧本每部奖励 2 万元至 8 万元',
      attachments: [],
      guide: {
        intro: ['剧本是一剧之本。为夯实舞台艺术创作基础，现面向社会公开征集优秀原创剧本。'],
        conditions: ['不限作者年龄、地域和职业。', '剧本须为原创，未公开发表、出版或演出。'],
        funding: ['一等剧本 3 部，每部 8 万元。', '二等剧本 6 部，每部 4 万元。', '孵化剧本若干，每部 2 万元。'],
        materials: ['剧本全文。', '剧情梗概（2000 字以内）。'],
        process: ['在线报名并上传剧本。', '匿名初评、复评。', '剧本朗读会终评。', '公示并颁发证书。'],
        contact: '省艺术精品工程办公室 舞台艺术处，电话 0571-8700 0101（演示号码）。',
      },
      forms: () => [{ title: '剧本征集报名表', description: '每位作者限报 1 部。', fields: scriptForm() }],
    },
    {
      window: { startDays: 16, endDays: 60 },
      title: (y) => `${y}年度乡村文化振兴公共服务项目`,
      category: '公共文化服务',
      region: null,
      summary: '支持艺术团队驻村开展文化服务，培育乡村文艺骨干，打造具有地域特色的乡村文化活动品牌。',
      budget: 2_000_000,
      budgetNote: '每个项目资助 5 万元至 15 万元',
      attachments: [],
      guide: {
        intro: ['为推动优质文化资源下沉，助力乡村文化振兴，现开展乡村文化振兴公共服务项目申报。'],
        conditions: ['文艺院团、文化馆（站）、社会文化组织和文化企业均可申报。', '须与至少一个行政村签订合作协议，驻村服务时间不少于 30 天。'],
        funding: ['根据服务内容和规模，每个项目资助 5 万元至 15 万元。'],
        materials: [...COMMON_MATERIALS, '与行政村签订的合作协议。'],
        process: COMMON_PROCESS,
        contact: '省艺术精品工程办公室 公共服务处，电话 0571-8700 0103（演示号码）。',
      },
      forms: (y) => [
        { title: '乡村文化振兴公共服务项目申报表', description: '', fields: generalForm('服务项目', 150_000) },
        { title: '服务品牌情况表', description: '已有服务品牌的单位填写。', fields: publicServiceForm(y) },
      ],
    },
    {
      window: { startDays: 30, endDays: 75 },
      title: (y) => `${y}年度传统工艺振兴项目`,
      category: '非遗传承',
      region: null,
      summary: '支持传统工艺工作站、非遗工坊开展技艺研习、设计创新和品牌建设，推动传统工艺走进现代生活。',
      budget: 2_500_000,
      budgetNote: '每个项目资助 10 万元至 30 万元',
      attachments: [],
      guide: {
        intro: ['为贯彻传统工艺振兴计划，推动传统工艺创造性转化、创新性发展，现启动传统工艺振兴项目申报。'],
        conditions: ['传统工艺类非遗项目保护单位、非遗工坊和相关企业。', '项目须以传统技艺为核心，带动就业不少于 10 人。'],
        funding: ['每个项目资助 10 万元至 30 万元。'],
        materials: [...COMMON_MATERIALS, '产品设计方案及样品照片。'],
        process: COMMON_PROCESS,
        contact: '省非物质文化遗产保护中心，电话 0571-8700 0105（演示号码）。',
      },
      forms: (y) => [
        { title: '传统工艺振兴项目申报书', description: '', fields: generalForm('工艺项目', 300_000) },
        { title: '传承人及技艺情况表', description: '', fields: heritageForm(y) },
      ],
    },
  ];
}

/** The demo calls, with windows placed around `now`. */
export function projectSeeds(now: Date): ProjectSeed[] {
  return drafts().map((d) => {
    const applyStart = beijingDay(now, d.window.startDays, 9, 0);
    const applyEnd = beijingDay(now, d.window.endDays, 17, 30);
    const year = beijingYear(applyStart);
    return {
      title: d.title(year),
      category: d.category,
      region: d.region,
      summary: d.summary,
      guide: guide(d.guide, applyStart, applyEnd),
      attachments: d.attachments,
      budget: d.budget,
      budgetNote: d.budgetNote,
      applyStart,
      applyEnd,
      year,
      forms: d.forms(year),
    };
  });
}
