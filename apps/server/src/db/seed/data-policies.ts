// Demo notices and announcements, spread over the months before the seeding time.
import type { Attachment } from '../schema';
import { beijingYear } from '../../lib/beijing-time';
import { addDays, beijingDay, bulleted, chineseDate, numbered, paragraphs, section } from './helpers';

export interface PolicySeed {
  title: string;
  category: '通知' | '公告' | '政策文件' | '公示';
  summary: string;
  content: string;
  attachments: Attachment[];
  /** Null for a draft. */
  publishedAt: Date | null;
  pinned: boolean;
  views: number;
}

const OFFICE = '浙江省艺术精品工程办公室';

function signature(at: Date): string {
  return `<p style="text-align: right">${OFFICE}</p><p style="text-align: right">${chineseDate(at)}</p>`;
}

interface Draft {
  /** Days before the seeding time; negative values are in the future; null for a draft. */
  daysAgo: number | null;
  title: (year: (days: number) => number) => string;
  category: PolicySeed['category'];
  summary: string;
  body: (at: Date, year: (days: number) => number) => string;
  attachments?: Attachment[];
  pinned?: boolean;
  views: number;
}

function drafts(): Draft[] {
  return [
    {
      daysAgo: 2,
      pinned: true,
      category: '公告',
      title: () => '关于防范冒用平台名义实施诈骗的风险提示',
      summary: '本平台及工作人员不会以任何名义向申报单位收取评审费、服务费，请广大申报者提高警惕。',
      views: 1873,
      body: (at) =>
        paragraphs(
          '近期，有不法分子冒充“艺术精品工程评审专家”“项目办工作人员”，通过电话、短信和社交软件联系申报单位，以“内部指标”“包过评审”“加急审核”等为由索要费用。',
          '特此郑重提示：艺术精品工程项目申报、评审、立项全程不收取任何费用；平台不会通过短信发送任何付款链接；工作人员不会私下联系申报者索要账号密码或验证码。',
          '如接到可疑电话或信息，请立即通过平台公布的咨询电话核实，必要时向当地公安机关报案。',
        ) + signature(at),
    },
    {
      daysAgo: 20,
      pinned: true,
      category: '通知',
      title: (y) => `关于开展${y(20)}年度舞台艺术精品创作扶持项目申报工作的通知`,
      summary: '本年度舞台艺术精品创作扶持项目即日起开始申报，重点支持现实题材、革命历史题材和优秀传统文化题材原创作品。',
      views: 2416,
      attachments: [{ name: '舞台艺术精品创作扶持项目申报指南.pdf', url: '/static/demo/stage-art-guide.pdf', size: 486_512 }],
      body: (at, y) =>
        paragraphs('各市文化和旅游主管部门，省直各文艺院团，各有关单位：', `为持续推进艺术精品工程，现就${y(20)}年度舞台艺术精品创作扶持项目申报工作通知如下。`) +
        section('一、申报范围', '戏曲、话剧、音乐剧、歌剧、舞剧等舞台艺术门类的新创作品、重点修改提升作品和经典复排作品。') +
        section('二、申报方式', '申报单位登录本平台，在“项目申报”栏目选择相应项目，在线填写申报书和绩效目标表，上传附件后提交。提交后请打印申报书，加盖公章后扫描上传。') +
        section('三、工作要求', '请各地认真组织、严格把关，确保申报材料真实完整。申报截止前三天系统访问量较大，请尽早提交。') +
        signature(at),
    },
    {
      daysAgo: 10,
      pinned: true,
      category: '通知',
      title: (y) => `关于${y(10)}年度非物质文化遗产保护传承项目申报的通知`,
      summary: '面向市级以上非遗代表性传承人和保护单位，支持带徒授艺、展示展演和进校园、进社区等传承活动。',
      views: 1302,
      body: (at) =>
        paragraphs('各有关单位、各位代表性传承人：') +
        paragraphs(
          '为加强非物质文化遗产系统性保护，扶持代表性传承人开展传承活动，现启动非物质文化遗产保护传承项目申报。',
          '本次申报以传承人个人或项目保护单位名义在线填报，需上传传承人认定证书和不少于 3 张代表作品照片。年满 70 周岁的传承人可由其主要弟子协助完成线上填报。',
          '各市非遗保护中心请做好政策宣传和填报指导，确保符合条件的传承人应报尽报。',
        ) +
        signature(at),
    },
    {
      daysAgo: 25,
      category: '通知',
      title: (y) => `关于${y(25)}年度数字文创产业融合发展项目申报的通知`,
      summary: '扶持文化企业开发沉浸式演艺、线上演播、数字版权运营等新业态项目，单个项目资助上限 50 万元。',
      views: 968,
      body: (at) =>
        paragraphs(
          '为培育数字文化新业态，推动文化与科技、旅游深度融合，现组织开展数字文创产业融合发展项目申报。',
          '申报企业须先在本平台完成企业认证，认证通过后方可提交申报书。项目总投资不低于 100 万元，资助额度不超过总投资的 20%。',
          '请申报企业如实填写财务数据，并上传上一年度财务审计报告。',
        ) +
        signature(at),
    },
    {
      daysAgo: 5,
      category: '通知',
      title: (y) => `关于${y(5)}年度青年美术创作人才培养计划申报的通知`,
      summary: '遴选 40 名青年美术工作者，通过导师带教、采风写生和创作资助支持其完成主题创作。',
      views: 733,
      body: (at) =>
        paragraphs(
          '青年美术创作人才培养计划面向 40 周岁以下、在本省从事美术创作的青年美术工作者，培养周期一年。',
          '入选者将获得 4 万元创作经费，并参加统一组织的两次采风写生活动，由省内知名美术家担任指导老师。',
          '请申报者在线填写申报表，上传创作小稿和近五年代表作品。',
        ) +
        signature(at),
    },
    {
      daysAgo: 3,
      category: '通知',
      title: (y) => `关于${y(3)}年度现代舞蹈创作孵化计划征集的通知`,
      summary: '面向青年编导征集现代舞蹈创作方案，入选作品获得排练场地、孵化经费和剧场展演机会。',
      views: 412,
      body: (at) =>
        paragraphs(
          '现代舞蹈创作孵化计划由省市联合实施，面向 45 周岁以下舞蹈编导征集原创作品方案。',
          '入选作品可免费使用排练厅不少于 120 小时，孵化期满后择优参加年度新作展演。',
        ) +
        signature(at),
    },
    {
      daysAgo: 14,
      pinned: true,
      category: '公告',
      title: () => '在线申报平台使用说明',
      summary: '介绍账号注册、企业认证、在线填报、草稿保存、提交与打印等主要操作，申报前请仔细阅读。',
      views: 3520,
      attachments: [{ name: '在线申报平台操作手册.pdf', url: '/static/demo/platform-manual.pdf', size: 1_248_330 }],
      body: () =>
        paragraphs('为方便申报单位和个人使用本平台，现将主要操作说明如下：') +
        numbered('操作步骤', [
          '注册账号：使用手机号码或电子邮箱注册，设置不少于 8 位、包含字母和数字的密码。',
          '企业认证：以单位名义申报的，请在“个人中心”提交企业认证，上传营业执照，审核通过后可进入企业库。',
          '在线填报：在“项目申报”中选择项目和申报表，逐项填写。填写过程中可随时点击“保存草稿”。',
          '提交申报：确认无误后点击“提交”，系统校验通过后生成申报编号和回执，提交后内容不可修改。',
          '打印与下载：在“个人中心”可导出、下载或批量打印申报材料。',
        ]) +
        paragraphs('建议使用最新版本的 Chrome、Edge 或 Firefox 浏览器访问本平台。'),
    },
    {
      daysAgo: 40,
      category: '公告',
      title: () => '关于平台系统升级维护的公告',
      summary: '为提升系统性能和安全性，平台将于本周六凌晨进行升级维护，期间暂停访问。',
      views: 655,
      body: (at) =>
        paragraphs(
          `为进一步提升平台运行性能和数据安全保障能力，平台定于${chineseDate(addDays(at, 3))} 0:00 至 6:00 进行系统升级维护，届时平台将暂停访问。`,
          '维护期间已保存的草稿和已提交的申报材料不受影响。给您带来的不便，敬请谅解。',
        ) +
        signature(at),
    },
    {
      daysAgo: 120,
      category: '政策文件',
      title: () => '浙江省艺术精品工程项目管理办法',
      summary: '明确艺术精品工程项目的申报、评审、立项、实施、验收和绩效管理要求。',
      views: 2788,
      attachments: [{ name: '浙江省艺术精品工程项目管理办法.pdf', url: '/static/demo/project-management-measures.pdf', size: 352_004 }],
      body: () =>
        section('第一章 总则', '第一条 为规范艺术精品工程项目管理，提高资金使用效益，推出更多优秀艺术作品，制定本办法。', '第二条 本办法所称艺术精品工程项目，是指经申报、评审、立项，由专项资金予以资助的艺术创作、人才培养和公共文化服务项目。') +
        section('第二章 申报与评审', '第五条 项目申报实行网上申报，申报单位对申报材料的真实性负责。', '第六条 项目评审实行专家评审制度，评审专家从专家库中随机抽取，实行回避制度。') +
        section('第三章 实施与验收', '第十条 立项项目应按照申报书确定的内容和进度实施，确需调整的，应当报经批准。', '第十二条 项目完成后，项目单位应在三个月内提出结项申请，按规定接受验收和绩效评价。') +
        section('第四章 附则', '第十八条 本办法自发布之日起施行。'),
    },
    {
      daysAgo: 118,
      category: '政策文件',
      title: () => '艺术精品工程专项资金管理实施细则',
      summary: '规定专项资金的使用范围、拨付方式、开支标准和监督检查要求。',
      views: 1945,
      attachments: [{ name: '专项资金管理实施细则.pdf', url: '/static/demo/fund-rules.pdf', size: 298_771 }],
      body: () =>
        paragraphs('为加强艺术精品工程专项资金管理，根据财政专项资金管理有关规定，制定本细则。') +
        bulleted('资金使用范围', ['创作费、排练费和舞美制作费。', '演出场租、宣传推广和版权费用。', '专家咨询、评审和培训费用。']) +
        bulleted('不得列支的费用', ['与项目无关的人员工资和福利。', '基本建设支出和罚款、捐赠支出。', '购置与项目无关的设备。']) +
        paragraphs('资助资金实行分期拨付：立项后拨付 60%，结项验收合格后拨付 40%。项目单位应单独核算、专款专用。'),
    },
    {
      daysAgo: 88,
      category: '公示',
      title: (y) => `${y(160)}年度美术创作重点选题资助项目拟立项名单公示`,
      summary: '经专家评审，拟立项资助美术创作重点选题 30 项，现予以公示，公示期 7 个工作日。',
      views: 1530,
      body: (at) =>
        paragraphs(
          '经形式审查、专家书面评审和集中评审，拟立项资助美术创作重点选题 30 项，现予以公示。',
          `公示期为${chineseDate(at)}至${chineseDate(addDays(at, 9))}。如有异议，请在公示期内以书面形式实名向省艺术精品工程办公室反映，并提供必要的证明材料。`,
        ) +
        '<table><thead><tr><th>序号</th><th>选题名称</th><th>画种</th><th>作者</th></tr></thead><tbody>' +
        '<tr><td>1</td><td>大江奔流</td><td>中国画</td><td>沈若川</td></tr>' +
        '<tr><td>2</td><td>山海之间</td><td>油画</td><td>罗一禾</td></tr>' +
        '<tr><td>3</td><td>匠心</td><td>雕塑</td><td>高明远</td></tr>' +
        '<tr><td>4</td><td>新渔村</td><td>版画</td><td>叶晓舟</td></tr>' +
        '</tbody></table>' +
        paragraphs('（以上为部分名单，完整名单见附件。）') +
        signature(at),
      attachments: [{ name: '美术创作重点选题拟立项名单.xlsx', url: '/static/demo/fine-art-list.xlsx', size: 24_576 }],
    },
    {
      daysAgo: 150,
      category: '公示',
      title: (y) => `${y(215)}年度小剧场戏剧创作扶持项目评审结果公示`,
      summary: '经专家评审，拟扶持小剧场戏剧作品 12 部，现予以公示。',
      views: 1188,
      body: (at) =>
        paragraphs(
          '按照项目申报指南要求，经资格审查、专家评审和答辩，拟扶持小剧场戏剧作品 12 部，其中新创作品 9 部、修改提升作品 3 部。',
          '公示期 7 个工作日。公示期间如有异议，请实名向省艺术精品工程办公室反映。',
        ) +
        signature(at),
    },
    {
      daysAgo: 30,
      category: '公示',
      title: (y) => `${y(100)}年度公共文化服务品牌创建项目入选名单公示`,
      summary: '拟确定 15 个公共文化服务品牌为本年度创建项目，现予以公示。',
      views: 876,
      body: (at) =>
        paragraphs(
          '经各地推荐、专家评审和实地考察，拟确定“周末剧场进社区”“乡村大舞台”等 15 个公共文化服务品牌为本年度创建项目。',
          '公示期 7 个工作日，欢迎社会各界监督。',
        ) +
        signature(at),
    },
    {
      daysAgo: 60,
      category: '通知',
      title: () => '关于举办艺术精品工程项目申报业务培训会的通知',
      summary: '为帮助申报单位准确理解政策、规范填报，定于下周举办线上申报业务培训会。',
      views: 1024,
      body: (at) =>
        paragraphs(
          `为帮助各申报单位准确理解申报政策、熟悉平台操作，定于${chineseDate(addDays(at, 7))}下午 14:00 举办线上申报业务培训会。`,
        ) +
        bulleted('培训内容', ['年度申报指南解读。', '申报书填写要点与常见问题。', '预算编制和绩效目标设置。', '平台操作演示。']) +
        paragraphs('请各市文化和旅游主管部门组织辖区内有关单位参加。培训会议链接将于会前一天通过短信发送给联系人。') +
        signature(at),
    },
    {
      daysAgo: 75,
      category: '通知',
      title: () => '关于开展资助项目绩效自评工作的通知',
      summary: '请已立项项目单位对照绩效目标开展自评，并在平台提交自评报告。',
      views: 702,
      body: (at) =>
        paragraphs(
          '根据专项资金绩效管理要求，请已立项且实施满一年的项目单位对照申报时填写的绩效目标表开展自评。',
          '自评报告应包括项目实施进度、资金使用情况、绩效指标完成情况、存在问题及改进措施等内容。',
          '自评结果将作为后续年度项目评审的重要参考。',
        ) +
        signature(at),
    },
    {
      daysAgo: 95,
      category: '公告',
      title: () => '关于征集艺术精品工程评审专家的公告',
      summary: '面向全省征集戏剧、音乐、舞蹈、美术、非遗和文化产业等领域评审专家，充实专家库。',
      views: 1402,
      body: (at) =>
        paragraphs('为进一步充实艺术精品工程评审专家库，提高评审工作的专业性和公正性，现面向全省公开征集评审专家。') +
        numbered('基本条件', [
          '具有副高级以上专业技术职称，或在相关领域具有较高知名度和影响力。',
          '熟悉艺术创作规律和相关政策，坚持原则、作风正派。',
          '身体健康，能够按时参加评审工作。',
        ]) +
        paragraphs('符合条件者可通过所在单位推荐或个人自荐方式报名。') +
        signature(at),
    },
    {
      daysAgo: 55,
      category: '公示',
      title: () => '艺术精品工程评审专家库入库名单公示',
      summary: '经资格审核，拟将 86 名专家纳入艺术精品工程评审专家库，现予以公示。',
      views: 1155,
      body: (at) =>
        paragraphs(
          '根据评审专家征集公告，经个人申报、单位推荐和资格审核，拟将 86 名专家纳入评审专家库。',
          '公示期 5 个工作日。入库专家的基本信息可在本平台“专家库”栏目查阅。',
        ) +
        signature(at),
    },
    {
      daysAgo: 130,
      category: '通知',
      title: () => '关于做好资助项目结项验收工作的通知',
      summary: '明确结项验收的时间安排、材料要求和验收程序。',
      views: 889,
      body: (at) =>
        paragraphs('为规范资助项目结项管理，现就做好结项验收工作通知如下：') +
        numbered('验收材料', ['结项申请书。', '作品成果材料（演出视频、作品图片等）。', '资金使用情况报告及相关凭证。', '绩效自评报告。']) +
        paragraphs('验收采取专家评审与现场查验相结合的方式进行。验收不合格的，限期整改；整改后仍不合格的，收回尚未拨付的资金。') +
        signature(at),
    },
    {
      daysAgo: 108,
      category: '政策文件',
      title: () => '关于进一步加强资助项目知识产权保护的意见',
      summary: '引导项目单位依法取得、使用和保护知识产权，防范侵权风险。',
      views: 564,
      body: () =>
        paragraphs(
          '资助项目应当依法取得剧本、音乐、美术设计等作品的著作权授权，明确创作者与项目单位之间的权利归属。',
          '项目单位在申报时应承诺申报项目不存在知识产权争议；因知识产权纠纷造成不良影响的，将视情节取消资助资格。',
          '鼓励项目单位对原创作品进行版权登记，探索数字版权运营，提高作品的传播力和影响力。',
        ),
    },
    {
      daysAgo: 45,
      category: '公告',
      title: () => '关于企业入库申请审核有关事项的公告',
      summary: '说明企业认证与入库的条件、材料和审核时限。',
      views: 1317,
      body: (at) =>
        paragraphs(
          '文化企业可通过本平台提交企业认证申请，审核通过后自动进入企业库并向社会公开展示基本信息。',
          '申请时须准确填写企业名称、统一社会信用代码、企业类型、法定代表人、所在地区和详细地址，并上传营业执照扫描件。',
          '平台原则上在 5 个工作日内完成审核。未通过审核的，可根据审核意见修改后重新提交。',
        ) +
        signature(at),
    },
    {
      daysAgo: 8,
      category: '公告',
      title: () => '关于规范申报材料格式的说明',
      summary: '对申报书扫描件、附件材料和图片的格式与大小作出统一要求。',
      views: 540,
      body: () =>
        bulleted('格式要求', [
          '申报书扫描件须为 PDF 格式，单个文件不超过 20MB，加盖公章清晰可辨。',
          '附件材料支持 PDF、Word 和常见图片格式，单个文件不超过 20MB。',
          '剧照、作品图片建议分辨率不低于 1920×1080，单张不超过 5MB。',
          '视频材料请上传 MP4 格式，或在申报书中提供在线观看链接。',
        ]) + paragraphs('不符合格式要求的材料可能影响形式审查结果，请申报者提交前仔细核对。'),
    },
    {
      daysAgo: 180,
      category: '通知',
      title: () => '关于资助项目中期检查情况的通报',
      summary: '通报上一批资助项目中期检查总体情况，对进度滞后项目提出整改要求。',
      views: 476,
      body: (at) =>
        paragraphs(
          '近期，我办组织专家对上一批资助项目开展了中期检查。从检查情况看，大部分项目按计划推进，资金使用规范，部分作品已完成首演并取得良好反响。',
          '检查中也发现少数项目存在进度滞后、预算调整未按程序报批等问题。请相关项目单位在一个月内完成整改，并报送整改情况。',
        ) +
        signature(at),
    },
    {
      daysAgo: 1,
      category: '公告',
      title: () => '关于优秀剧本征集活动即将启动的预告',
      summary: '优秀剧本征集与孵化项目即将开放报名，欢迎广大剧作者提前准备。',
      views: 96,
      body: () =>
        paragraphs(
          '本年度优秀剧本征集与孵化项目即将开放报名，征集范围包括戏曲、话剧、音乐剧、儿童剧和舞剧台本。',
          '征集不限作者年龄、地域和职业，剧本须为原创且未公开发表或演出。具体报名时间请关注“项目申报”栏目。',
        ),
    },
    {
      daysAgo: null,
      category: '通知',
      title: () => '关于开展下一年度项目申报储备工作的通知（草稿）',
      summary: '草稿，尚未发布。',
      views: 0,
      body: () => paragraphs('本通知尚在起草中。'),
    },
  ];
}

/** The demo notices; `publishedAt` placed before `now` (one draft has none). */
export function policySeeds(now: Date): PolicySeed[] {
  const year = (days: number) => beijingYear(addDays(now, -days));
  return drafts().map((d, index) => {
    // Mornings on working hours, varied a little per notice.
    const publishedAt = d.daysAgo === null ? null : beijingDay(now, -d.daysAgo, 9 + (index % 8), (index * 17) % 60);
    const at = publishedAt ?? now;
    return {
      title: d.title(year),
      category: d.category,
      summary: d.summary,
      content: d.body(at, year),
      attachments: d.attachments ?? [],
      // Today's notice might be later today than now: keep every published notice in the past.
      publishedAt: publishedAt && publishedAt > now ? addDays(now, -0.01) : publishedAt,
      pinned: d.pinned ?? false,
      views: d.views,
    };
  });
}
