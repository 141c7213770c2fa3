// Demo expert library. The people and most institutions are invented.
import { paragraphs } from './helpers';

export interface ExpertSeed {
  name: string;
  title: string;
  organisation: string;
  specialities: string[];
  category: string;
  region: string;
  biography: string;
}

export const EXPERTS: ExpertSeed[] = [
  {
    name: '陈望舒',
    title: '国家一级编剧',
    organisation: '省艺术研究院',
    specialities: ['戏曲剧本创作', '越剧', '剧本评论'],
    category: '戏剧',
    region: '杭州市',
    biography: paragraphs(
      '长期从事戏曲剧本创作与研究，创作越剧、婺剧剧本二十余部，多部作品获省级以上奖项，代表作有越剧《春江渡》《听雨楼》等。',
      '曾任多届省戏剧节评委，参与编写《当代浙江戏曲创作研究》，在剧本结构与人物塑造方面有深入研究。',
    ),
  },
  {
    name: '林书远',
    title: '国家一级导演',
    organisation: '省话剧院',
    specialities: ['话剧导演', '小剧场戏剧', '舞台调度'],
    category: '戏剧',
    region: '杭州市',
    biography: paragraphs(
      '执导话剧、音乐剧作品三十余部，擅长现实题材创作，注重舞台语汇的创新，作品多次入选全国性戏剧展演。',
      '近年来致力于小剧场戏剧的培育和青年导演的培养，主持“青年导演工作坊”项目。',
    ),
  },
  {
    name: '周雅宁',
    title: '国家一级演员',
    organisation: '省越剧团',
    specialities: ['越剧表演', '戏曲教学'],
    category: '戏剧',
    region: '绍兴市',
    biography: paragraphs(
      '工越剧小生，师承名家，扮相俊朗、唱腔醇厚，主演大戏十余部。',
      '热心戏曲传承与普及，长期在中小学开展戏曲进校园活动，培养青年演员数十名。',
    ),
  },
  {
    name: '沈知微',
    title: '教授',
    organisation: '省艺术职业学院',
    specialities: ['舞蹈编导', '现代舞', '舞蹈教育'],
    category: '舞蹈',
    region: '杭州市',
    biography: paragraphs(
      '舞蹈编导专业教授、硕士生导师，创作舞蹈作品四十余部，其中现代舞《水巷》获全国舞蹈比赛创作奖。',
      '研究方向为中国现代舞创作方法与舞蹈教育，出版专著《身体与叙事》。',
    ),
  },
  {
    name: '许一鸣',
    title: '国家一级作曲',
    organisation: '省歌舞剧院',
    specialities: ['作曲', '民族管弦乐', '音乐剧音乐'],
    category: '音乐',
    region: '杭州市',
    biography: paragraphs(
      '创作交响乐、民族管弦乐、歌剧和音乐剧作品百余部（首），作品旋律优美、富有江南韵味。',
      '担任多部大型舞台作品作曲，长期参与省内音乐创作扶持项目评审。',
    ),
  },
  {
    name: '王慕青',
    title: '研究员',
    organisation: '省非物质文化遗产保护中心',
    specialities: ['非遗保护', '传统技艺', '民俗研究'],
    category: '非物质文化遗产',
    region: '杭州市',
    biography: paragraphs(
      '从事非物质文化遗产保护研究工作二十余年，参与全省非遗普查和多批次代表性项目名录申报工作。',
      '主持完成传统技艺类非遗数字化保护课题多项，对传统工艺振兴和非遗工坊建设有丰富实践经验。',
    ),
  },
  {
    name: '赵清和',
    title: '国家一级美术师',
    organisation: '省画院',
    specialities: ['中国画', '山水画', '美术创作评审'],
    category: '美术',
    region: '杭州市',
    biography: paragraphs(
      '专攻山水画，作品以浙东山水为主要题材，笔墨清润、意境开阔，多次入选全国美术作品展览。',
      '长期担任省美术作品展览评委，热心扶持青年美术人才。',
    ),
  },
  {
    name: '吴启明',
    title: '教授',
    organisation: '省美术学院',
    specialities: ['油画', '现实题材创作', '美术教育'],
    category: '美术',
    region: '杭州市',
    biography: paragraphs(
      '油画家、美术教育家，致力于现实题材油画创作，作品被多家美术馆收藏。',
      '主持国家级一流本科课程建设，指导学生作品多次获得全国性奖项。',
    ),
  },
  {
    name: '钱若兰',
    title: '高级工艺美术师',
    organisation: '东阳市木雕艺术研究室',
    specialities: ['木雕', '传统工艺', '工艺美术设计'],
    category: '非物质文化遗产',
    region: '金华市',
    biography: paragraphs(
      '从事木雕创作三十余年，作品构图饱满、刀法细腻，多件作品获工艺美术行业大奖。',
      '积极推动传统工艺与现代设计结合，带领团队开发系列文创产品。',
    ),
  },
  {
    name: '孙立衡',
    title: '正高级经济师',
    organisation: '省文化产业发展研究中心',
    specialities: ['文化产业政策', '项目投融资', '绩效评价'],
    category: '文化产业',
    region: '杭州市',
    biography: paragraphs(
      '长期从事文化产业政策研究和项目评估工作，参与起草多项省级文化产业扶持政策。',
      '熟悉文化企业投融资和财政资金绩效评价，多次担任文化产业项目评审专家。',
    ),
  },
  {
    name: '郑晓岚',
    title: '副教授',
    organisation: '之江数字艺术学院',
    specialities: ['数字媒体艺术', '沉浸式演艺', '交互设计'],
    category: '文化产业',
    region: '杭州市',
    biography: paragraphs(
      '研究方向为数字媒体艺术与沉浸式演艺，主持多个文旅融合数字化项目的创意设计。',
      '关注新技术在舞台艺术中的应用，发表相关论文二十余篇。',
    ),
  },
  {
    name: '何嘉树',
    title: '国家一级演奏员',
    organisation: '甬江民族乐团',
    specialities: ['二胡演奏', '民族器乐', '音乐表演评审'],
    category: '音乐',
    region: '宁波市',
    biography: paragraphs(
      '二胡演奏家，曾在国内外举办个人独奏音乐会数十场，录制出版专辑多张。',
      '致力于江南丝竹的传承与推广，担任多项民族器乐比赛评委。',
    ),
  },
  {
    name: '黄韵秋',
    title: '国家一级编导',
    organisation: '瓯越歌舞团',
    specialities: ['民族民间舞', '舞剧编导'],
    category: '舞蹈',
    region: '温州市',
    biography: paragraphs(
      '创作编排舞剧、舞蹈诗和群舞作品多部，善于从地方民俗中提炼舞蹈语汇。',
      '多年来扎根基层，指导群众舞蹈创作，培养了一批优秀的基层舞蹈骨干。',
    ),
  },
  {
    name: '杨定国',
    title: '研究员',
    organisation: '省艺术研究院',
    specialities: ['戏曲史论', '艺术评论', '剧种保护'],
    category: '戏剧',
    region: '杭州市',
    biography: paragraphs(
      '从事戏曲史论研究，出版《浙江地方戏曲剧种概览》等专著，主持完成多项国家社科基金艺术学项目。',
      '长期关注濒危剧种保护与传承，提出的剧种保护建议被相关部门采纳。',
    ),
  },
  {
    name: '朱映雪',
    title: '国家一级舞美设计师',
    organisation: '省演艺集团',
    specialities: ['舞台美术设计', '灯光设计', '舞美制作管理'],
    category: '戏剧',
    region: '杭州市',
    biography: paragraphs(
      '担任六十余部舞台作品的舞美设计，作品风格写意简约，善于营造诗意的舞台空间。',
      '熟悉舞美制作流程和成本控制，多次参与舞台艺术项目预算评审。',
    ),
  },
  {
    name: '方子谦',
    title: '副研究馆员',
    organisation: '嘉兴市文化馆',
    specialities: ['群众文化', '公共文化服务', '乡村文化活动策划'],
    category: '文化产业',
    region: '嘉兴市',
    biography: paragraphs(
      '长期从事群众文化工作，策划组织“乡村大舞台”等公共文化服务品牌活动，年服务群众逾十万人次。',
      '在公共文化服务标准化和社会化运营方面有丰富经验。',
    ),
  },
  {
    name: '蒋文澜',
    title: '国家一级美术师',
    organisation: '绍兴书画院',
    specialities: ['书法', '篆刻', '书画鉴定'],
    category: '美术',
    region: '绍兴市',
    biography: paragraphs(
      '书法篆刻家，作品多次入展全国书法篆刻展，出版个人作品集三部。',
      '热心书法普及教育，主持“书法进社区”公益课堂多年。',
    ),
  },
];
