// Demo enterprise library: invented companies. Credit codes are built from the district's
// division code and an invented organisation-code body, with correct check characters.
import { paragraphs } from './helpers';

export interface EnterpriseSeed {
  name: string;
  /** District (level 3) name from the seed region tree. */
  district: string;
  /** Eight digits or capitals: the invented organisation-code body. */
  orgBody: string;
  type: string;
  legalRepresentative: string;
  category: string;
  address: string;
  establishedOn: string;
  introduction: string;
  published: boolean;
}

export const ENTERPRISES: EnterpriseSeed[] = [
  {
    name: '杭州青禾文化艺术有限公司',
    district: '西湖区',
    orgBody: 'MA2H7K3Q',
    type: '有限责任公司',
    legalRepresentative: '顾青禾',
    category: '演艺',
    address: '杭州市西湖区文三路 478 号 6 楼',
    establishedOn: '2016-04-18',
    introduction: paragraphs(
      '公司是一家专注原创小剧场戏剧和儿童剧创作演出的民营文艺表演团体，拥有专职演职人员 40 余人。',
      '近年来创作演出《纸飞机》《外婆的桥》等原创剧目十余部，年演出场次 200 余场，获评市级优秀民营文艺表演团体。',
    ),
    published: true,
  },
  {
    name: '宁波海韵演艺有限公司',
    district: '鄞州区',
    orgBody: 'MA2CJ8R5',
    type: '有限责任公司',
    legalRepresentative: '陆海韵',
    category: '演艺',
    address: '宁波市鄞州区天童南路 588 号',
    establishedOn: '2013-09-02',
    introduction: paragraphs(
      '主营音乐会、舞台剧制作与巡演，运营剧场一座，拥有国内外演出资源和成熟的演出营销团队。',
      '公司坚持“好作品走进千家万户”的理念，常年开展公益演出和艺术普及活动。',
    ),
    published: true,
  },
  {
    name: '温州瓯江文创设计有限公司',
    district: '鹿城区',
    orgBody: 'MA2L5D1T',
    type: '有限责任公司',
    legalRepresentative: '叶知秋',
    category: '文创设计',
    address: '温州市鹿城区五马街道解放街 126 号',
    establishedOn: '2018-03-26',
    introduction: paragraphs(
      '以瓯越文化为设计源泉，提供城市文创、博物馆文创和非遗衍生品的设计开发服务。',
      '与多家博物馆、非遗工坊建立合作关系，开发文创产品 600 余款，获多项省级设计奖项。',
    ),
    published: true,
  },
  {
    name: '绍兴墨兰书画艺术培训有限公司',
    district: '越城区',
    orgBody: 'MA29U6WX',
    type: '有限责任公司',
    legalRepresentative: '蒋墨兰',
    category: '艺术培训',
    address: '绍兴市越城区府山街道仓桥直街 58 号',
    establishedOn: '2015-07-10',
    introduction: paragraphs(
      '从事少儿及成人书法、国画培训，聘请专业书画家授课，年培训学员 1500 余人次。',
      '积极参与“书法进社区”“国画进校园”公益项目，被评为市级社会艺术水平考级优秀考点。',
    ),
    published: true,
  },
  {
    name: '金华星野动漫科技有限公司',
    district: '金东区',
    orgBody: 'MA2E0A7M',
    type: '有限责任公司',
    legalRepresentative: '方星野',
    category: '影视动漫',
    address: '金华市金东区多湖街道光南路 1399 号创意园 3 号楼',
    establishedOn: '2017-11-06',
    introduction: paragraphs(
      '专注原创动画和数字内容制作，出品原创动画系列片三部，累计网络播放量逾 5 亿次。',
      '公司是省级动漫企业，建有三维动画和动作捕捉制作平台。',
    ),
    published: true,
  },
  {
    name: '嘉兴南湖光影数字科技有限公司',
    district: '南湖区',
    orgBody: 'MA2JQ4B8',
    type: '有限责任公司',
    legalRepresentative: '沈光远',
    category: '文化科技',
    address: '嘉兴市南湖区广益路 705 号',
    establishedOn: '2019-05-20',
    introduction: paragraphs(
      '提供沉浸式演艺、数字展陈和夜游光影项目的策划设计与技术集成服务。',
      '完成多个景区夜游和博物馆数字展陈项目，拥有软件著作权 30 余项。',
    ),
    published: true,
  },
  {
    name: '东阳匠心木雕工艺有限公司',
    district: '东阳市',
    orgBody: 'MA2GH2N9',
    type: '有限责任公司',
    legalRepresentative: '卢匠心',
    category: '工艺美术',
    address: '东阳市南马镇花园工业区 8 号',
    establishedOn: '2009-08-15',
    introduction: paragraphs(
      '传承东阳木雕技艺，从事木雕艺术品、建筑装饰构件设计制作，拥有工艺美术师 12 名。',
      '公司设有非遗工坊，常年开展技艺培训，带动周边村民就业 80 余人。',
    ),
    published: true,
  },
  {
    name: '杭州滨江云上演播科技有限公司',
    district: '滨江区',
    orgBody: 'MA2KX3C6',
    type: '有限责任公司',
    legalRepresentative: '任云舒',
    category: '文化科技',
    address: '杭州市滨江区网商路 599 号 2 幢 1102 室',
    establishedOn: '2020-06-30',
    introduction: paragraphs(
      '提供舞台演出的高清直播、多机位录制和线上票务服务，已为 300 余场演出提供线上演播技术支持。',
      '公司自主研发的演播云平台支持多终端观看和版权保护。',
    ),
    published: true,
  },
  {
    name: '宁波甬上影视文化传媒有限公司',
    district: '江北区',
    orgBody: 'MA2D8E4P',
    type: '有限责任公司',
    legalRepresentative: '童远帆',
    category: '影视动漫',
    address: '宁波市江北区人民路 132 号',
    establishedOn: '2014-12-12',
    introduction: paragraphs(
      '从事纪录片、网络电影和文化宣传片的策划拍摄，出品的纪录片多次在省级以上电视台播出。',
      '关注地方历史文化题材，与多家文博机构合作拍摄文化遗产系列短片。',
    ),
    published: true,
  },
  {
    name: '义乌丝路文创产品有限公司',
    district: '义乌市',
    orgBody: 'MA2F1G5R',
    type: '有限责任公司',
    legalRepresentative: '骆丝语',
    category: '文创设计',
    address: '义乌市稠城街道工人北路 1088 号',
    establishedOn: '2016-10-08',
    introduction: paragraphs(
      '依托义乌小商品市场，从事文创产品的设计、生产和跨境销售，产品远销 40 余个国家和地区。',
      '与多位非遗传承人合作开发“丝路非遗”系列产品。',
    ),
    published: true,
  },
  {
    name: '柯桥水乡越韵演艺有限公司',
    district: '柯桥区',
    orgBody: 'MA2B3H2K',
    type: '有限责任公司',
    legalRepresentative: '钟越韵',
    category: '演艺',
    address: '绍兴市柯桥区柯桥街道笛扬路 2001 号',
    establishedOn: '2012-03-15',
    introduction: paragraphs(
      '以越剧演出为主业的民营剧团，常年活跃在城乡舞台，年演出 300 余场。',
      '复排整理传统剧目二十余出，并创作现代越剧《水乡新事》。',
    ),
    published: true,
  },
  {
    name: '桐乡语溪蓝印花布工坊',
    district: '桐乡市',
    orgBody: 'MA2A6J9L',
    type: '个人独资企业',
    legalRepresentative: '吴蓝溪',
    category: '工艺美术',
    address: '桐乡市乌镇镇石佛南路 21 号',
    establishedOn: '2011-05-06',
    introduction: paragraphs(
      '专注蓝印花布传统印染技艺的保护与传承，保留传统刻版、刮浆、染色全流程工艺。',
      '工坊开设研学体验课程，年接待学生和游客 2 万余人次。',
    ),
    published: true,
  },
  {
    name: '杭州拱宸音乐艺术培训学校',
    district: '拱墅区',
    orgBody: 'MA2CN7X3',
    type: '民办非企业单位',
    legalRepresentative: '乐拱宸',
    category: '艺术培训',
    address: '杭州市拱墅区小河路 370 号',
    establishedOn: '2010-09-01',
    introduction: paragraphs(
      '开设钢琴、民族器乐、声乐和合唱等课程，拥有专职教师 35 名。',
      '学校组建的少儿民乐团多次在省级比赛中获奖。',
    ),
    published: true,
  },
  {
    name: '海宁潮声皮影艺术团有限公司',
    district: '海宁市',
    orgBody: 'MA2HB5D1',
    type: '有限责任公司',
    legalRepresentative: '曹永声',
    category: '演艺',
    address: '海宁市盐官镇春熙路 16 号',
    establishedOn: '2014-04-28',
    introduction: paragraphs(
      '传承海宁皮影戏，整理传统剧目 30 余出，创作适合青少年观看的新编皮影戏多部。',
      '常年开展皮影戏进校园、进社区活动，年演出 150 余场。',
    ),
    published: true,
  },
  {
    name: '乐清细纹刻纸艺术有限公司',
    district: '乐清市',
    orgBody: 'MA2M0K4U',
    type: '有限责任公司',
    legalRepresentative: '林纹思',
    category: '工艺美术',
    address: '乐清市乐成街道晨曦路 99 号',
    establishedOn: '2018-08-18',
    introduction: paragraphs(
      '从事细纹刻纸艺术品创作和文创开发，作品以精细的刀工和丰富的纹样见长。',
      '与本地中小学合作开设刻纸课程，培养青少年传承人。',
    ),
    published: true,
  },
  {
    name: '诸暨西施故里文化旅游发展有限公司',
    district: '诸暨市',
    orgBody: 'MA2E9L8W',
    type: '股份有限公司',
    legalRepresentative: '施婉纱',
    category: '演艺',
    address: '诸暨市浣东街道浣纱南路 6 号',
    establishedOn: '2015-01-20',
    introduction: paragraphs(
      '经营实景演出和文化旅游项目，推出大型实景演出一台，年接待观众 30 余万人次。',
      '公司注重文化与旅游深度融合，打造具有地域特色的夜间文旅消费场景。',
    ),
    published: true,
  },
  {
    name: '上虞青瓷文化创意有限公司',
    district: '上虞区',
    orgBody: 'MA2DP6Y2',
    type: '有限责任公司',
    legalRepresentative: '夏青瓷',
    category: '文创设计',
    address: '绍兴市上虞区曹娥街道江扬路 88 号',
    establishedOn: '2021-02-25',
    introduction: paragraphs('以越窑青瓷为主题开发日用器物和文创产品，正在筹建青瓷研学基地。'),
    published: false,
  },
];
