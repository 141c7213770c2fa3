// Invented applicants of the demo, with applications in every state a reviewer meets and two
// enterprise authentications waiting in the queue. Times count back from the seeding time.
import { idCardCheckChar, type ApplyStatus } from '@flagship/api-client';
import { paragraphs } from './helpers';

export interface ApplicantSeed {
  /** A mobile number or an e-mail address, as applicants register. */
  account: string;
  name: string;
  mobile: string;
  /** Empty for an applicant who cannot be e-mailed (the console says so). */
  email: string;
  joinedDaysAgo: number;
}

/** An upload of the applicant's, placed in the data where the form expects a file. */
export interface FileSeed {
  file: string;
  type: 'pdf' | 'png';
}

export const pdfFile = (file: string): FileSeed => ({ file, type: 'pdf' });
export const pngFile = (file: string): FileSeed => ({ file, type: 'png' });

export interface DataHelpers {
  /** Id of a region of the seed tree, by name. */
  regionId(name: string): number;
  /** `YYYY-MM-DD` (Beijing) `days` after the seeding time. */
  day(days: number): string;
  /** A company's credit code from its district and invented organisation-code body. */
  creditCode(district: string, orgBody: string): string;
}

export interface ApplicationSeed {
  applicant: string;
  /** The call's title without its year, e.g. 舞台艺术精品创作扶持项目; its first form is used. */
  call: string;
  status: Exclude<ApplyStatus, 'draft' | 'withdrawn'>;
  submittedDaysAgo: number;
  /** When staff decided (returned, approved, rejected). */
  decidedDaysAgo?: number;
  message?: string;
  data: (h: DataHelpers) => Record<string, unknown>;
}

export interface AuthenticationSeed {
  applicant: string;
  enterpriseName: string;
  district: string;
  orgBody: string;
  type: string;
  legalRepresentative: string;
  address: string;
  contactName: string;
  contactPhone: string;
  licence: string;
  introduction: string;
  submittedDaysAgo: number;
}

/** Password of every demo applicant (local use only, like the demo admin). */
export const DEMO_APPLICANT_PASSWORD = 'Applicant@2026';

export const APPLICANTS: ApplicantSeed[] = [
  { account: 'shen.jiahe@example.org', name: '沈佳禾', mobile: '15867120431', email: '', joinedDaysAgo: 40 },
  { account: '18657103352', name: '陆一鸣', mobile: '18657103352', email: '', joinedDaysAgo: 35 },
  { account: 'qiao.yuning@example.net', name: '乔语宁', mobile: '13588206714', email: '', joinedDaysAgo: 31 },
  { account: 'lin.zhiyuan@example.com', name: '林致远', mobile: '15057316628', email: '', joinedDaysAgo: 60 },
  { account: '13757198826', name: '方若溪', mobile: '13757198826', email: 'fang.ruoxi@example.org', joinedDaysAgo: 55 },
  { account: 'wen.shuyao@example.org', name: '温书瑶', mobile: '18968021175', email: '', joinedDaysAgo: 12 },
  { account: '15988210467', name: '何清越', mobile: '15988210467', email: 'he.qingyue@example.com', joinedDaysAgo: 9 },
];

const COMMITMENTS = ['truthful', 'ip', 'noDuplicate'];
const idCard = (first17: string) => first17 + idCardCheckChar(first17);

/** 舞台艺术精品创作扶持项目申报书, filled in for a troupe. */
function stageArt(h: DataHelpers, p: { projectName: string; unit: string; district: string; orgBody: string; leader: string; leaderId: string; mobile: string; email: string; category: string; type: string; amount: number; shows: number; summary: string; team: [string, string, string][] }) {
  return {
    projectName: p.projectName,
    applicantUnit: p.unit,
    creditCode: h.creditCode(p.district, p.orgBody),
    leaderName: p.leader,
    leaderIdCard: idCard(p.leaderId),
    contactMobile: p.mobile,
    contactEmail: p.email,
    region: h.regionId(p.district),
    artCategory: p.category,
    applyType: p.type,
    projectPeriod: [h.day(30), h.day(300)],
    premiereDate: h.day(240),
    requestedAmount: p.amount,
    performanceCount: p.shows,
    summary: p.summary,
    creativePlan: `<h3>创作背景</h3>${paragraphs(p.summary)}<h3>排演计划</h3><ol><li>剧本打磨与主创研讨（2 个月）</li><li>音乐创作与舞美设计（3 个月）</li><li>集中排练与首演（2 个月）</li></ol>`,
    creativeTeam: p.team.map(([name, role, title]) => ({ name, role, title })),
    budgetItems: [
      { item: '主创及演职人员劳务', basis: '按排练和演出场次测算', amount: Math.round(p.amount * 0.45) },
      { item: '舞美、灯光与服装制作', basis: '含设计与制作', amount: Math.round(p.amount * 0.35) },
      { item: '宣传推广', amount: Math.round(p.amount * 0.2) },
    ],
    partners: ['troupe', 'venue'],
    applicationScan: pdfFile('申报书扫描件.pdf'),
    supportingFiles: [pdfFile('剧本.pdf')],
    stagePhoto: pngFile('剧照.png'),
    commitments: COMMITMENTS,
  };
}

/** The short form of the smaller calls (申报主体, 联系人, 项目内容). */
function general(h: DataHelpers, p: { unit: string; district: string; orgBody: string; address: string; contact: string; mobile: string; email: string; projectName: string; summary: string; amount: number }) {
  return {
    unitName: p.unit,
    creditCode: h.creditCode(p.district, p.orgBody),
    unitRegion: h.regionId(p.district),
    unitAddress: p.address,
    contactName: p.contact,
    contactMobile: p.mobile,
    contactEmail: p.email,
    projectName: p.projectName,
    summary: p.summary,
    requestedAmount: p.amount,
    plan: `<h3>实施方案</h3>${paragraphs(p.summary, '项目分准备、实施、总结三个阶段推进，定期向主管部门报送进度。')}`,
    attachments: [pdfFile('项目实施方案.pdf')],
    commitments: COMMITMENTS,
  };
}

export const APPLICATIONS: ApplicationSeed[] = [
  {
    applicant: 'shen.jiahe@example.org',
    call: '舞台艺术精品创作扶持项目',
    status: 'submitted',
    submittedDaysAgo: 2,
    data: (h) =>
      stageArt(h, {
        projectName: '原创越剧《拱宸桥》',
        unit: '杭州运河越剧传承中心有限公司',
        district: '拱墅区',
        orgBody: 'MA2KQ7W1',
        leader: '沈佳禾',
        leaderId: '33010519850312046',
        mobile: '15867120431',
        email: 'shen.jiahe@example.org',
        category: 'opera',
        type: 'new',
        amount: 260_000,
        shows: 30,
        summary: '以京杭大运河拱宸桥畔三代船工家庭的变迁为线索，展现运河文化的传承与新生。全剧六场，唱腔在传统越剧基础上融入运河号子，计划首演后在运河沿线剧场和社区巡演三十场。',
        team: [
          ['沈佳禾', '编剧', 'associateSenior'],
          ['叶知秋', '导演', 'senior'],
          ['许望川', '作曲', 'intermediate'],
        ],
      }),
  },
  {
    applicant: '18657103352',
    call: '舞台艺术精品创作扶持项目',
    status: 'reviewing',
    submittedDaysAgo: 9,
    data: (h) =>
      stageArt(h, {
        projectName: '民族舞剧《青瓷》',
        unit: '龙泉青瓷歌舞剧院有限公司',
        district: '西湖区',
        orgBody: 'MA2LR8X3',
        leader: '陆一鸣',
        leaderId: '33010619790905031',
        mobile: '18657103352',
        email: 'office@qingci-theatre.example.cn',
        category: 'danceDrama',
        type: 'revision',
        amount: 300_000,
        shows: 24,
        summary: '以龙泉青瓷烧制技艺为题材，通过舞蹈语汇表现匠人千年窑火的坚守与创新。舞剧已首演两轮，本次申报对第二幕的叙事结构、音乐和舞美进行重点修改提升，计划年内复演二十四场。',
        team: [
          ['陆一鸣', '总导演', 'senior'],
          ['程雨桐', '编舞', 'associateSenior'],
        ],
      }),
  },
  {
    applicant: 'qiao.yuning@example.net',
    call: '舞台艺术精品创作扶持项目',
    status: 'returned',
    submittedDaysAgo: 14,
    decidedDaysAgo: 3,
    message: '请补充主创团队成员的职称证明，并细化舞美制作的预算测算依据后重新提交。',
    data: (h) =>
      stageArt(h, {
        projectName: '原创话剧《钱江潮信》',
        unit: '杭州潮信话剧艺术有限公司',
        district: '滨江区',
        orgBody: 'MA2MT9Y5',
        leader: '乔语宁',
        leaderId: '33010819880621025',
        mobile: '13588206714',
        email: 'qiao.yuning@example.net',
        category: 'drama',
        type: 'new',
        amount: 180_000,
        shows: 20,
        summary: '讲述钱塘江畔两代弄潮儿守护江堤、追逐梦想的故事，以小剧场形式呈现，融入观潮民俗和多媒体影像。作品面向青年观众，计划首演后进高校、进社区演出二十场，并录制线上演出版本。',
        team: [['乔语宁', '编剧、导演', 'intermediate']],
      }),
  },
  {
    applicant: 'lin.zhiyuan@example.com',
    call: '青年文艺人才培养资助计划',
    status: 'approved',
    submittedDaysAgo: 30,
    decidedDaysAgo: 6,
    message: '经专家评审，同意资助。请按实施方案推进，并在项目结束后一个月内提交总结报告。',
    data: (h) =>
      general(h, {
        unit: '宁波甬江青年民乐团',
        district: '鄞州区',
        orgBody: 'MA2NU1K7',
        address: '宁波市鄞州区天童南路 588 号',
        contact: '林致远',
        mobile: '15057316628',
        email: 'lin.zhiyuan@example.com',
        projectName: '青年民乐演奏人才驻团培养',
        summary: '选拔 12 名青年民乐演奏员驻团培养一年，由国家一级演奏员一对一授课，并参与乐团的排练和演出实践。年内完成两场青年专场音乐会和十场进校园、进社区公益演出，培养期满进行考核。',
        amount: 50_000,
      }),
  },
  {
    applicant: '13757198826',
    call: '青年文艺人才培养资助计划',
    status: 'rejected',
    submittedDaysAgo: 26,
    decidedDaysAgo: 6,
    message: '申报主体成立未满两年，不符合本年度申报条件，欢迎明年再次申报。',
    data: (h) =>
      general(h, {
        unit: '温州瓯越青年美术工作室',
        district: '鹿城区',
        orgBody: 'MA2PW2A9',
        address: '温州市鹿城区五马街 36 号',
        contact: '方若溪',
        mobile: '13757198826',
        email: 'fang.ruoxi@example.org',
        projectName: '瓯塑青年传承人培养',
        summary: '面向 20 名青年美术工作者开展瓯塑技艺培训，通过师带徒和集中创作营的方式培养青年传承人。培训内容包括堆塑、彩绘和题材创作，年底在温州举办成果展并评选优秀作品。',
        amount: 40_000,
      }),
  },
];

export const AUTHENTICATIONS: AuthenticationSeed[] = [
  {
    applicant: 'wen.shuyao@example.org',
    enterpriseName: '宁波甬上新声音乐文化有限公司',
    district: '鄞州区',
    orgBody: 'MA2QX3B2',
    type: '有限责任公司',
    legalRepresentative: '温书瑶',
    address: '宁波市鄞州区宁穿路 1888 号 3 幢 502 室',
    contactName: '温书瑶',
    contactPhone: '18968021175',
    licence: '营业执照.png',
    introduction: paragraphs('公司从事原创音乐制作、音乐会策划和青少年音乐教育，拥有录音棚一座，与本地多所中小学合作开展美育课程。'),
    submittedDaysAgo: 4,
  },
  {
    applicant: '15988210467',
    enterpriseName: '嘉兴南湖灯影数字艺术有限公司',
    district: '南湖区',
    orgBody: 'MA2RY4C6',
    type: '有限责任公司',
    legalRepresentative: '何清越',
    address: '嘉兴市南湖区中环南路 1369 号创意园 B 座',
    contactName: '何清越',
    contactPhone: '0573-82036615',
    licence: '营业执照副本.png',
    introduction: paragraphs('公司以数字光影技术活化传统灯彩艺术，承接文旅夜游和沉浸式展览项目，已完成南湖灯会等数字化展演项目十余个。'),
    submittedDaysAgo: 1,
  },
];
