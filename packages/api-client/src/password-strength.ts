// The password-strength rule shared by the server (which enforces it) and the portal and console
// (which show it while the user types). Both run @zxcvbn-ts/core with its common dictionary plus
// PASSWORD_EXTRA_WORDS and these translations, so they reach the same verdict.

/** zxcvbn's score 3: about 10^8 guesses, out of reach of online guessing and costly offline. */
export const PASSWORD_MIN_SCORE = 3;

/** Favourites of the Chinese leak lists that the common dictionary lacks (pinyin and number idioms). */
export const PASSWORD_EXTRA_WORDS = [
  'woaini', 'woaini1314', 'woaini520', 'aini1314', '5201314', '1314520', '5201314520', '1314520520',
  'iloveyou1314', 'qq123456', 'qq5201314', 'zhang', 'wang', 'li', 'liu', 'chen', 'yang', 'zhao',
  'huang', 'zhou', 'wu', 'xu', 'sun', 'hu', 'zhu', 'gao', 'lin', 'he', 'guo', 'ma', 'luo', 'liang',
  'song', 'zheng', 'xie', 'han', 'tang', 'feng', 'yu', 'dong', 'xiao', 'cheng', 'cao', 'yuan', 'deng',
  'fu', 'shen', 'zeng', 'peng', 'lv', 'su', 'lu', 'jiang', 'cai', 'jia', 'ding', 'wei', 'xue', 'ye',
  'yan', 'pan', 'du', 'dai', 'xia', 'zhong', 'tian', 'ren', 'fan', 'fang', 'shi', 'yao', 'tan',
  'sheng', 'zou', 'xiong', 'jin', 'qiu', 'qin', 'bai', 'meng', 'hao', 'kong', 'cui', 'kang', 'mao',
  'qian', 'zhongguo', 'beijing', 'shanghai', 'shenzhen', 'guangzhou', 'tianjin', 'chongqing',
  'hangzhou', 'nanjing', 'wuhan', 'baobei', 'laopo', 'laogong', 'mima', 'mima123', 'zhimakaimen',
  'qwe123', 'asd123', 'zxc123',
];

const WARNINGS = {
  straightRow: '键盘上同一行的连续按键很容易被猜到',
  keyPattern: '简短的键盘图案很容易被猜到',
  simpleRepeat: '重复的字符（如 aaa）很容易被猜到',
  extendedRepeat: '重复的字符组合（如 abcabcabc）很容易被猜到',
  sequences: '常见的字符序列（如 abc、123）很容易被猜到',
  recentYears: '近年的年份很容易被猜到',
  dates: '日期很容易被猜到',
  topTen: '这是最常用的密码之一',
  topHundred: '这是非常常用的密码',
  common: '这是常用密码',
  similarToCommon: '与常用密码过于相似',
  wordByItself: '单个单词很容易被猜到',
  namesByThemselves: '单独的姓名很容易被猜到',
  commonNames: '常见姓名很容易被猜到',
  userInputs: '不要包含账号、姓名或邮箱等个人信息',
  pwned: '该密码已在数据泄露中出现',
};

const SUGGESTIONS = {
  l33t: '不要用可预测的字母替换（如用 @ 代替 a）',
  reverseWords: '不要把常用单词倒过来写',
  allUppercase: '部分大写，而不是全部大写',
  capitalization: '除首字母外，再大写一些其他字母',
  dates: '不要使用与自己相关的日期',
  recentYears: '不要使用近年的年份',
  associatedYears: '不要使用与自己相关的年份',
  sequences: '不要使用常见的字符序列',
  repeated: '不要重复单词或字符',
  longerKeyboardPattern: '使用更长的键盘图案，并多次改变方向',
  anotherWord: '再加几个不常见的单词或字符',
  useWords: '使用多个单词，但不要用常见短语',
  noNeed: '无需符号、数字或大写字母，也能设置强密码',
  pwned: '如果您在别处也使用此密码，请尽快修改',
};

// Not shown anywhere; zxcvbn requires the keys.
const TIME = {
  ltSecond: 'ltSecond',
  second: 'second',
  seconds: 'seconds',
  minute: 'minute',
  minutes: 'minutes',
  hour: 'hour',
  hours: 'hours',
  day: 'day',
  days: 'days',
  month: 'month',
  months: 'months',
  year: 'year',
  years: 'years',
  centuries: 'centuries',
};

/** zxcvbn's `translations` option: its feedback in Chinese. */
export const PASSWORD_TRANSLATIONS = { warnings: WARNINGS, suggestions: SUGGESTIONS, timeEstimation: TIME };

export interface PasswordStrength {
  score: number;
  ok: boolean;
  /** 弱, 一般 or 强. */
  label: '弱' | '一般' | '强';
  /** Why it is weak and what helps, in Chinese; empty when strong enough. */
  hints: string[];
}

/** The verdict on a zxcvbn result (score 0–4 and its translated feedback). */
export function passwordStrength(result: { score: number; feedback: { warning: string | null; suggestions: string[] } }): PasswordStrength {
  const ok = result.score >= PASSWORD_MIN_SCORE;
  const label = result.score >= 4 ? '强' : ok ? '一般' : '弱';
  const hints = ok ? [] : [result.feedback.warning, ...result.feedback.suggestions].filter((h): h is string => Boolean(h));
  return { score: result.score, ok, label, hints };
}

/** The refusal shown for a weak password (after the field's label). */
export function weakPasswordMessage(strength: PasswordStrength): string {
  return `过于常见或容易被猜到（强度：${strength.label}）${strength.hints.length ? `，${strength.hints[0]}` : ''}，请换一个更难猜的密码`;
}
