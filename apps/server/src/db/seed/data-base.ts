// Base data of the demo: the categories of each kind and the site settings.
import { RESULTS_NOTICE_CATEGORY, type CategoryKind } from '@flagship/api-client';
import type { Banner, FriendlyLink } from '../schema';

export const CATEGORIES: Record<CategoryKind, string[]> = {
  project: ['舞台艺术', '美术创作', '非遗传承', '数字文创', '公共文化服务', '文艺人才培养'],
  policy: ['通知', '公告', '政策文件', '公示', RESULTS_NOTICE_CATEGORY],
  expert: ['戏剧', '音乐', '舞蹈', '美术', '非物质文化遗产', '文化产业'],
  enterprise: ['演艺', '文创设计', '影视动漫', '艺术培训', '工艺美术', '文化科技'],
};

export const SITE_TITLE = '浙江省艺术精品工程在线申报平台';

export const ABOUT_HTML = [
  '<h2>关于平台</h2>',
  '<p>浙江省艺术精品工程在线申报平台是省艺术精品工程办公室面向全省文艺院团、文化企业、高等院校和文艺工作者开设的项目申报与管理服务平台。平台集中发布艺术精品工程各类资助项目的申报指南、通知公告和评审结果，申报单位和个人可在线完成注册、企业认证、项目申报、进度查询和材料打印，实现“一网通办、全程留痕”。</p>',
  '<p>艺术精品工程着眼于推出更多思想精深、艺术精湛、制作精良的优秀作品，重点扶持舞台艺术、美术创作、非物质文化遗产保护传承、数字文创和公共文化服务等领域的原创项目与人才培养，鼓励扎根生活、守正创新，讲好新时代浙江故事。</p>',
  '<h3>平台能做什么</h3>',
  '<ul><li>浏览项目库，了解各年度资助项目的申报条件、资助标准和申报时间；</li><li>在申报时间内在线填写申报书、上传附件，草稿随时保存，提交后生成申报编号和回执；</li><li>在个人中心查看申报进度，导出、下载和批量打印申报材料；</li><li>提交企业认证，通过审核后进入企业库，向社会展示单位风采；</li><li>查阅专家库和通知公告，及时获取政策信息。</li></ul>',
  '<h3>服务时间与联系方式</h3>',
  '<p>平台全天开放。工作日 9:00—12:00、13:30—17:30 提供电话咨询服务，咨询电话：0571-8700 0000（演示号码）。项目申报截止当日系统访问量较大，请合理安排时间，尽早提交。</p>',
  '<p>如发现平台内容有误或在使用中遇到问题，欢迎通过通知公告中公布的方式与我们联系，我们将及时核实处理。</p>',
].join('');

export const FRIENDLY_LINKS: FriendlyLink[] = [
  { name: '中国艺术研究院', url: 'https://www.zgysyjy.org.cn' },
  { name: '国家艺术基金', url: 'https://www.cnaf.cn' },
];

export const SUPPORT_CREDIT = '技术支持：省文化艺术信息中心';

export function copyrightLine(year: number): string {
  return `© ${year} 浙江省艺术精品工程办公室 版权所有`;
}

export function banners(year: number): Banner[] {
  return [
    {
      title: `${year}年度艺术精品工程项目申报进行中`,
      subtitle: '舞台艺术、非遗传承、数字文创等多个类别同步开放，欢迎符合条件的单位和个人踊跃申报',
      link: '/declaration',
      image: '',
    },
    {
      title: '扎根生活沃土 繁荣文艺创作',
      subtitle: '聚焦原创精品与青年人才，推出更多具有浙江辨识度的优秀作品',
      link: '/project',
      image: '',
    },
    {
      title: '申报指南与政策解读',
      subtitle: '项目管理办法、专项资金管理细则和申报常见问题一站查阅',
      link: '/policy',
      image: '',
    },
  ];
}
